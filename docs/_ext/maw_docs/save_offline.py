"""The ``maw-save-offline`` directive: a button that keeps the whole site on this device, for a
class whose network may fail.

::

    ```{maw-save-offline}
    ```

The site's service worker (``scripts/service_worker.js``, written into the build as ``maw-sw.js``)
stores every file of the build when it installs. The button registers it at once, rather than after
a first table has started, and counts the files it has stored until they are all there;
``_static/maw/save-offline.js`` (added to that page only) does this. Without JavaScript, or from a
file opened on disk, the button says why it cannot work.
"""

from __future__ import annotations

from docutils import nodes
from sphinx.util.docutils import SphinxDirective

SAVE_JS = "maw/save-offline.js"


class MawSaveOffline(SphinxDirective):
    """The button, and the line where it says how far it has got."""

    has_content = False

    def run(self):
        self.env.metadata[self.env.docname]["maw-save-offline"] = True
        body = ('<div class="maw-save-offline" data-maw-save-offline>'
                '<button type="button" disabled>Keep this site on this device</button> '
                '<span role="status">This needs JavaScript, and the site served over HTTP '
                '(e.g. <code>make serve</code>).</span></div>')
        return [nodes.raw("", body, format="html")]


def add_save_assets(app, pagename, templatename, context, doctree):
    """``html-page-context``: only a page with the button loads its script."""
    if app.env.metadata.get(pagename, {}).get("maw-save-offline"):
        app.add_js_file(SAVE_JS, type="module")


def setup(app):
    app.add_directive("maw-save-offline", MawSaveOffline)
    app.connect("html-page-context", add_save_assets)
