"""The desk's line from the table kolo ships (kolo.science.table)."""

from kolo.science import table

DATA = {
    "tables": {
        "dominion-cz-final": [
            {"players": 30, "rounds": 5, "wins": 0.381, "low": 0.3, "high": 0.45},
            {"players": 30, "rounds": 6, "wins": 0.44, "low": 0.37, "high": 0.51},
            {"players": 36, "rounds": 5, "wins": 0.33, "low": 0.27, "high": 0.4},
        ]
    }
}


def test_the_line_reads_this_many_rounds_and_one_more():
    line = table.desk_line("dominion-cz", 31, 5, DATA)
    assert line is not None
    assert line.text() == (
        "with 31 players and 5 rounds the strongest player wins about 38 % of the time; "
        "6 rounds: 44 % (simulated)"
    )


def test_a_field_between_two_sizes_reads_the_nearer():
    assert table.lookup("dominion-cz-final", 34, 5, DATA).players == 36
    assert table.lookup("dominion-cz-final", 33, 5, DATA).players == 30  # equally near: smaller


def test_no_line_far_from_the_table_or_for_another_format():
    assert table.desk_line("dominion-cz", 60, 5, DATA) is None
    assert table.desk_line("swiss-pairs", 30, 5, DATA) is None
    assert table.desk_line("dominion-cz", 30, 9, DATA) is None
    line = table.desk_line("dominion-cz", 36, 5, DATA)
    assert line is not None
    assert "(simulated)" in line.text()
    assert "6 rounds" not in line.text()


def test_the_shipped_table_covers_its_fields_and_rounds():
    """Every field size and round count the study computes, each rate inside its interval."""
    cells = table.entries("dominion-cz")
    assert {(e.players, e.rounds) for e in cells} == {
        (n, r) for n in table.PLAYERS for r in table.ROUNDS
    }
    assert all(0 <= e.low <= e.wins <= e.high <= 1 for e in cells)
    assert table.desk_line("dominion-cz", 30, 7) is not None


def test_the_table_is_recomputed_by_the_study_itself():
    """recompute plays the study for each cell; its document is what desk_line reads."""
    document = table.recompute(4, 1, players=(12,), rounds=(3, 4))
    cells = document["tables"]["dominion-cz-final"]
    assert [(c["players"], c["rounds"], c["events"]) for c in cells] == [(12, 3, 4), (12, 4, 4)]
    line = table.desk_line("dominion-cz", 13, 3, document)
    assert line is not None
    assert line.params["percent"] == round(100 * cells[0]["wins"])
    again = table.recompute(4, 1, players=(12,), rounds=(3, 4))
    assert again == document
