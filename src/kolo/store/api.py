"""What the web application and the command line call of the store, by one name each: every
change (each in one transaction with its audit entry) and every reading. The functions live in
the store's modules by noun; this module only names them together.
"""

from kolo.changes.results import RESULT_IS_IN, SHEET_IN_PLAY, scores_text
from kolo.core.problems import InvalidInput

# an event's announcement (R-REG-1): details, publishing, cancelling, the calendar
from kolo.store.announcement import (
    Listed,
    announce,
    cancel_event,
    details_of,
    listed,
    places_taken,
    public_details,
)
from kolo.store.announcement import calendar as calendar_events
from kolo.store.announcement import cities as event_cities
from kolo.store.audit import (
    Actor,
    atomic,
    audit_trail,
    event_version,
    lock_event,
    record_entry,
    write_audit,
)
from kolo.store.checkin import (  # check-in on the day (R-REG-3)
    Opening,
    add_late,
    check_in,
    check_in_registration,
    checked_in_codes,
    drop_absent,
    open_checkin,
    registration_to_check_in,
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
from kolo.store.identities import Known  # identity across the season
from kolo.store.identities import link_player as link_registration_player
from kolo.store.identities import match as known_registrations
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

# registrations (R-REG-2)
from kolo.store.registrations import (
    Places,
    add_registration,
    approve_registration,
    cancel_registration,
    duplicate_numbers,
    forget_emails,
    forget_registration,
    mark_paid,
    move_registration,
    register,
    remove_registration,
    set_capacity,
    set_running_late,
    set_terms,
    waiting_position,
)
from kolo.store.registrations import active as active_registrations
from kolo.store.registrations import by_token as registration_by_token
from kolo.store.registrations import is_open as registration_open
from kolo.store.registrations import places as registration_places
from kolo.store.registrations import registrations as registrations
from kolo.store.registrations import seated as registration_seat
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
    "InvalidInput",
    "Known",
    "Listed",
    "Opening",
    "Places",
    "accept_round",
    "active_registrations",
    "add_entrants",
    "add_late",
    "add_registration",
    "add_teams",
    "announce",
    "approve_registration",
    "atomic",
    "audit_trail",
    "bracket",
    "bracket_decided",
    "calendar_events",
    "cancel_event",
    "cancel_registration",
    "change_settings",
    "check_club",
    "check_in",
    "check_in_registration",
    "check_key",
    "check_name",
    "check_password",
    "check_whole",
    "checked_in_codes",
    "checked_player",
    "clear_result",
    "close_round",
    "create_event",
    "delete_event",
    "delete_round",
    "details_of",
    "drop_absent",
    "drop_entrant",
    "duplicate_numbers",
    "event_cities",
    "event_version",
    "export_document",
    "find_event",
    "forget_emails",
    "forget_registration",
    "free_key",
    "game_document",
    "get_round",
    "get_table",
    "import_event",
    "known_registrations",
    "link_registration_player",
    "listed",
    "lock_event",
    "mark_paid",
    "may_change_series",
    "merge_players",
    "move_registration",
    "name_problem",
    "new_event_row",
    "new_round",
    "open_checkin",
    "pair_round",
    "password_problem",
    "places_taken",
    "public_details",
    "put_series_event",
    "ratings_before",
    "record_entry",
    "record_result",
    "register",
    "registration_by_token",
    "registration_open",
    "registration_places",
    "registration_seat",
    "registration_to_check_in",
    "registrations",
    "remove_entrant",
    "remove_registration",
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
    "set_capacity",
    "set_members",
    "set_password",
    "set_player",
    "set_role",
    "set_running_late",
    "set_terms",
    "sheet_in_play",
    "slugify",
    "standings",
    "swap_players",
    "table_code",
    "take_back_hand",
    "to_core",
    "visible_events",
    "waiting_position",
    "write_audit",
    "write_hand",
]
