"""The lesson's handouts as one PDF, built with the site.

``make site`` runs ``make handouts`` first (sphinx-simplepdf, which prints with WeasyPrint), and the
HTML build copies the PDF to the site's root, where the teaching pages link it. Checked here: the
PDF builds from the sources on its own (offline: every style and image it uses is a local file),
and the site's copy holds every handout, each starting a page, with its title in the PDF's outline.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
HANDOUTS = ROOT / "docs" / "teaching" / "handouts.md"
PDF_NAME = "maw-handouts.pdf"


def handout_titles() -> list[str]:
    return re.findall(r"^## (Handout \d+: .+)$", HANDOUTS.read_text(encoding="utf-8"), re.M)


def plain(title: str) -> str:
    """A heading as it reads once printed (no Markdown emphasis)."""
    return title.replace("*", "")


def check_pdf(path: Path) -> None:
    from pypdf import PdfReader    # in the test extra
    assert path.read_bytes()[:5] == b"%PDF-", f"{path} is not a PDF"
    reader = PdfReader(path)
    titles = [plain(t) for t in handout_titles()]
    assert len(titles) >= 9
    outline = [entry.title for entry in reader.outline if not isinstance(entry, list)]
    assert [t for t in outline if t.startswith("Handout ")] == titles, outline
    # Each handout starts a page of its own, in order, with its title at the top.
    starts = []
    for number, page in enumerate(reader.pages):
        first_line = (page.extract_text() or "").strip().splitlines()[:1]
        if first_line and first_line[0].startswith("Handout "):
            starts.append((first_line[0], number))
    assert [t for t, _ in starts] == titles, starts
    assert [n for _, n in starts] == sorted({n for _, n in starts}), "two handouts share a page"
    # The card orders come out as text: every suit's table, with its suit signs.
    orders = "".join(reader.pages[n].extract_text() for n in range(starts[1][1], starts[3][1]))
    for suit in ("hearts", "diamonds", "clubs", "spades"):
        assert f"when {suit} are trumps" in orders, suit
    assert all(sign in orders for sign in "♥♦♣♠")


def test_the_pdf_builds_from_the_sources_offline(tmp_path):
    """The Makefile's command, into a scratch directory; the single HTML file it prints from refers
    to nothing but local files (WeasyPrint would fetch any URL it met)."""
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    command = re.search(r"^handouts:.*\n\t\$\(BIN\)/sphinx-build (.+) docs \$\(HANDOUTS\)$", makefile, re.M)
    assert command, "no `handouts` target running sphinx-build in the Makefile"
    assert re.search(r"^site: .*\bhandouts\b", makefile, re.M), "`make site` must build the PDF first"
    out = tmp_path / "handouts"
    proc = subprocess.run([sys.executable, "-m", "sphinx", *command.group(1).split(), "docs", str(out)],
                          cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr[-4000:]
    html = (out / "handouts-pdf.html").read_text(encoding="utf-8")
    for ref in re.findall(r'(?:src|href)="([^"#]+)"|url\(([^)]+)\)', html):
        ref = "".join(ref).strip("'\"")
        assert not re.match(r"[a-z][a-z0-9+.-]*:", ref, re.I) or ref.startswith("data:"), ref
    check_pdf(out / PDF_NAME)


@pytest.mark.site
def test_the_site_serves_the_pdf_the_teaching_pages_link(site_html):
    pdf = site_html / PDF_NAME
    assert pdf.is_file(), f"no {PDF_NAME} at the site's root: `make site` runs `make handouts` first"
    check_pdf(pdf)
    for page in ("teaching/index.html", "teaching/handouts.html"):
        html = (site_html / page).read_text(encoding="utf-8")
        assert f'href="../{PDF_NAME}"' in html, page
