"""Pictures: SVG that parses as XML, TikZ, the terminal grid, Jupyter's _repr_svg_."""
import xml.etree.ElementTree as ET

import pytest

import catlayout as C

SVG = "{http://www.w3.org/2000/svg}svg"


def parse(svg):
    root = ET.fromstring(svg)
    assert root.tag == SVG
    return root


def texts(root):
    return ["".join(t.itertext()) for t in root.iter("{http://www.w3.org/2000/svg}text")]


def cells(root):
    return [g.attrib for g in root.iter("{http://www.w3.org/2000/svg}g") if g.get("class") == "cell"]


def test_layout_svg_shows_every_value():
    l = C.Layout("(4,8):(8,1)")
    root = parse(l.to_svg())
    got = cells(root)
    assert len(got) == l.size()
    for c in got:  # each cell (r, c) carries L(r, c)
        assert int(c["data-offset"]) == l(int(c["data-row"]), int(c["data-col"]))
    shown = texts(root)
    for i in range(l.size()):
        assert str(l(i)) in shown or any(str(l(i)) == t for t in shown)
    assert parse(l._repr_svg_()) is not None
    parse(l.to_svg(tile=(2, 4), cell_px=20, headers=False))


def test_tv_picture():
    layout = C.Layout("((4,8),(2,2)):((32,1),(16,8))")
    tv = C.tv(layout, 16, 8)
    root = parse(tv._repr_svg_())
    got = cells(root)
    assert len(got) == 16 * 8
    for c in got:  # the cell (m, n) holds the thread and value that the layout sends to m + 16 n
        assert layout(int(c["data-thread"]), int(c["data-value"])) == int(c["data-row"]) + 16 * int(c["data-col"])
    assert "tikzpicture" in tv.to_tikz()
    with pytest.raises(C.LayoutError):
        C.tv("(4,2):(1,4)", 2, 2)  # offset 4 is outside the 2 x 2 tile


def test_morphism_and_refinement_pictures():
    f = C.encode("(2,2):(1,4)")
    parse(f.to_svg())
    parse(f._repr_svg_())
    assert "tikzpicture" in f.to_tikz()
    r = C.mutual_refinement((6, 2), (2, 6))
    parse(r._repr_svg_())
    assert "tikzpicture" in r.to_tikz()


def test_tikz_and_terminal_grid():
    l = C.Layout("(2,3):(3,1)")
    assert "\\begin{tikzpicture}" in l.to_tikz()
    grid = l.show()
    for i in range(l.size()):
        assert f" {l(i)} " in grid
