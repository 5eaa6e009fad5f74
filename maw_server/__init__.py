"""The table server: the site and shared tables, each device seeing only its own seat.

Not part of the engine (``maw_sim`` stays standard-library only for Pyodide): this package needs
the ``server`` extra (Starlette, uvicorn, websockets, segno). ``python -m maw_server`` runs it;
:mod:`maw_server.app` says how a table changes, :mod:`maw_server.table` what a table is,
:mod:`maw_server.store` where it is kept, :mod:`maw_server.projection` what each seat is sent and
:mod:`maw_server.protocol` what clients may send.
"""
