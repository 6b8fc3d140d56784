"""What the web application and the command line call of the store, by one name each: every
change (each in one transaction with its audit entry) and every reading. The functions live in
the store's modules by noun; this module only names them together.
"""

from kolo.changes.results import RESULT_IS_IN, SHEET_IN_PLAY, scores_text
from kolo.core.problems import InvalidInput

# an event's announcement (issue 38, publish): details, publishing, cancelling, the calendar
from kolo.store.announcement import (
    Listed,
    announce,
    cancel_event,
    details_of,
    places_taken,
)
from kolo.store.announcement import calendar as calendar_events
from kolo.store.announcement import cities as event_cities
from kolo.store.announcement import (
    public_details,
)
from kolo.store.audit import (
    Actor,
    atomic,
    audit_trail,
    event_version,
    lock_event,
    record_entry,
    write_audit,
)
from kolo.store.entrants import (
    DuplicateEntrant,
    add_entrants,
    add_teams,
    drop_entrant,
    remove_entrant,
    rename_entrant,
    set_members,
)
from kolo.store.events import (
    KEY_PATTERN,
    SHAPE_SETTINGS,
    change_settings,
    check_club,
    check_key,
    check_name,
    check_whole,
    create_event,
    delete_event,
    free_key,
    name_problem,
    new_event_row,
    slugify,
)
from kolo.store.imports import (
    import_event,
)
from kolo.store.loading import game_document
from kolo.store.mapping import (
    bracket,
    bracket_decided,
    export_document,
    find_event,
    get_round,
    get_table,
    resolve_entrant,
    ruleset_of,
    standings,
    to_core,
)
from kolo.store.results import clear_result, record_result
from kolo.store.roles import (
    ASSISTANT,
    OWNER,
    role_of,
    set_role,
    visible_events,
)
from kolo.store.rounds import (
    accept_round,
    close_round,
    delete_round,
    new_round,
    pair_round,
    reopen_round,
    round_clock,
    swap_players,
    table_code,
)
from kolo.store.series import (
    checked_player,
    may_change_series,
    merge_players,
    put_series_event,
    ratings_before,
    remove_series_event,
    save_series,
    series_history,
    series_value,
    set_player,
)
from kolo.store.sheets import (
    sheet_in_play,
    take_back_hand,
    write_hand,
)
from kolo.store.users import (
    MIN_PASSWORD_LENGTH,
    check_password,
    password_problem,
    set_password,
)

__all__ = [
    "ASSISTANT",
    "KEY_PATTERN",
    "MIN_PASSWORD_LENGTH",
    "OWNER",
    "RESULT_IS_IN",
    "SHAPE_SETTINGS",
    "SHEET_IN_PLAY",
    "Actor",
    "DuplicateEntrant",
    "Listed",
    "InvalidInput",
    "accept_round",
    "add_entrants",
    "announce",
    "add_teams",
    "atomic",
    "audit_trail",
    "bracket",
    "bracket_decided",
    "calendar_events",
    "cancel_event",
    "change_settings",
    "check_club",
    "check_key",
    "check_name",
    "check_password",
    "check_whole",
    "checked_player",
    "clear_result",
    "close_round",
    "create_event",
    "delete_event",
    "delete_round",
    "details_of",
    "drop_entrant",
    "event_version",
    "event_cities",
    "export_document",
    "find_event",
    "free_key",
    "game_document",
    "get_round",
    "get_table",
    "import_event",
    "lock_event",
    "may_change_series",
    "merge_players",
    "name_problem",
    "new_event_row",
    "new_round",
    "pair_round",
    "password_problem",
    "places_taken",
    "public_details",
    "put_series_event",
    "ratings_before",
    "record_entry",
    "record_result",
    "remove_entrant",
    "remove_series_event",
    "rename_entrant",
    "reopen_round",
    "resolve_entrant",
    "role_of",
    "round_clock",
    "ruleset_of",
    "save_series",
    "scores_text",
    "series_history",
    "series_value",
    "set_members",
    "set_password",
    "set_player",
    "set_role",
    "sheet_in_play",
    "slugify",
    "standings",
    "swap_players",
    "table_code",
    "take_back_hand",
    "to_core",
    "visible_events",
    "write_audit",
    "write_hand",
]
