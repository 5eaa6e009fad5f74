"""``python -m maw_sim``: the ``maw-sim`` command (:mod:`maw_sim.cli`), where the script is not
installed on the path."""

import sys

from .cli import main

sys.exit(main())
