"""URLs: the players' public pages, the organiser's desk, the JSON API."""

from django.contrib.auth import views as auth_views
from django.urls import include, path
from django.views.i18n import set_language

from kolo.web import accounts, games, outage, password
from kolo.web.views import (
    api,
    calendar,
    correct,
    desk_announcement,
    desk_checkin,
    desk_entrants,
    desk_events,
    desk_office,
    desk_results,
    desk_rounds,
    desk_selfreports,
    public,
    registration,
    selfreport,
    series,
)

event_public = [
    path("", public.event_home, name="event"),
    path("tables/", public.tables, name="tables"),
    path("standings/", public.standings, name="standings"),
    path("bracket/", public.bracket, name="bracket"),
    path("rounds/<int:number>/", public.round_results, name="round"),
    path("players/<str:code>/", public.player, name="player"),
    path("find/", public.find, name="find"),
    path("projector/", public.projector, name="projector"),
    path("version/", public.version, name="version"),
    path("report/", selfreport.self_report, name="report"),
    # registration
    path("register/", registration.register, name="register"),
    *games.event_public_urls(),
]

event_desk = [
    path("", desk_events.event_desk, name="desk-event"),
    path("settings/", desk_events.event_settings, name="desk-settings"),
    path("entrants/", desk_entrants.entrants, name="desk-entrants"),
    path("entrants/<str:code>/", desk_entrants.entrant_edit, name="desk-entrant"),
    path("pair/", desk_rounds.pair, name="desk-pair"),
    path("rounds/<int:number>/", desk_rounds.round_view, name="desk-round"),
    path("rounds/<int:number>/accept/", desk_rounds.round_accept, name="desk-round-accept"),
    path("rounds/<int:number>/undo/", desk_rounds.round_undo, name="desk-round-undo"),
    path("rounds/<int:number>/swap/", desk_rounds.round_swap, name="desk-round-swap"),
    path("rounds/<int:number>/close/", desk_rounds.round_close, name="desk-round-close"),
    path("rounds/<int:number>/reopen/", desk_rounds.round_reopen, name="desk-round-reopen"),
    path("rounds/<int:number>/clock/", desk_rounds.round_clock, name="desk-round-clock"),
    path(
        "rounds/<int:number>/tables/<int:table>/result/",
        desk_results.table_result,
        name="desk-result",
    ),
    path(
        "rounds/<int:number>/tables/<int:table>/correct/",
        correct.table_correct,
        name="desk-correct",
    ),
    path(
        "rounds/<int:number>/tables/<int:table>/preview/",
        desk_results.table_preview,
        name="desk-preview",
    ),
    *games.event_desk_urls(),
    path(
        "rounds/<int:number>/reports/<int:report>/",
        desk_selfreports.self_report_decide,
        name="desk-report",
    ),
    path("rounds/<int:number>/print/<str:printout>/", desk_office.print_round, name="desk-print"),
    path("print/standings/", desk_office.print_standings, name="desk-print-standings"),
    path("print/bracket/", desk_office.print_bracket, name="desk-print-bracket"),
    path("export.json", desk_office.export_json, name="desk-export-json"),
    path("export.csv", desk_office.export_csv, name="desk-export-csv"),
    path("audit/", desk_office.audit, name="desk-audit"),
    path("team/", desk_office.team, name="desk-team"),
    # check-in on the day (R-REG-3)
    path("checkin/", desk_checkin.checkin, name="desk-checkin"),
    path("checkin/<str:token>/", desk_checkin.checkin_player, name="desk-checkin-player"),
    # registration
    path("registrations/", registration.desk_registrations, name="desk-registrations"),
]

urlpatterns = [
    path("", public.home, name="home"),
    path("i18n/setlang/", set_language, name="set_language"),
    path("language/<str:code>/", public.choose_language, name="language"),
    path("login/", accounts.LoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("password/", password.change_password, name="password"),
    path("e/<slug:key>/", include(event_public)),
    # registration: a player's private page, by its unguessable token
    path("r/<str:token>/", registration.private, name="registration"),
    path("r/<str:token>/data.json", registration.private_data, name="registration-data"),
    # the season walk: a player's own calendar entry
    path("r/<str:token>/event.ics", registration.private_ics, name="registration-ics"),
    path("s/<slug:key>/", series.series_page, name="series"),
    path("s/<slug:key>/tour.csv", series.series_csv, name="series-csv"),
    path("s/<slug:key>/qualification/", series.series_qualification, name="series-qualification"),
    path("s/<slug:key>/ratings/", series.series_ratings_page, name="series-ratings"),
    path("s/<slug:key>/players/<path:person>/", series.series_player, name="series-player"),
    path("desk/series/", series.desk_series_list, name="desk-series-list"),
    path("desk/series/<slug:key>/", series.desk_series, name="desk-series"),
    # publishing: the calendar, its iCalendar feeds, an event's announcement at the desk
    path("calendar/", calendar.calendar_page, name="calendar"),
    path("calendar.ics", calendar.calendar_ics, name="calendar-ics"),
    path("s/<slug:key>/calendar.ics", calendar.series_ics, name="series-ics"),
    path(
        "desk/<slug:key>/announcement/",
        desk_announcement.announcement,
        name="desk-announcement",
    ),
    # check-in on the day (R-REG-3): a registration's check-in QR code, for its private page
    path("r/<str:token>/checkin.svg", desk_checkin.checkin_qr, name="checkin-qr"),
    path("desk/", desk_events.desk, name="desk"),
    path("desk/import/", desk_events.import_event, name="desk-import"),
    path("desk/tokens/", desk_office.tokens, name="desk-tokens"),
    *games.desk_urls(),
    path("desk/<slug:key>/", include(event_desk)),
    path("api/v1/", include(api.urlpatterns)),
]

handler500 = outage.server_error
