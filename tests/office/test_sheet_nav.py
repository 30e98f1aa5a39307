"""Ctrl+arrow's edge of the data along one line of cells (Excel's rule), without a browser."""

from __future__ import annotations

from apps.office.ui_sheet_nav import edge

#        1     2     3      4      5     6     7      8
LINE = [True, True, True, False, False, True, True, False]


def test_inside_a_block_goes_to_its_last_filled_cell():
    assert edge(LINE, 1, 1) == 3
    assert edge(LINE, 7, -1) == 6


def test_at_a_blocks_edge_goes_to_the_next_filled_cell():
    assert edge(LINE, 3, 1) == 6
    assert edge(LINE, 6, -1) == 3


def test_with_nothing_beyond_it_goes_to_the_lines_end():
    assert edge(LINE, 7, 1) == 8
    assert edge([False, False, True], 3, -1) == 1
    assert edge(LINE, 8, 1) == 8  # already at the end
    assert edge(LINE, 1, -1) == 1


def test_from_an_empty_cell_goes_to_the_next_filled_one():
    assert edge(LINE, 4, 1) == 6
    assert edge(LINE, 5, -1) == 3
