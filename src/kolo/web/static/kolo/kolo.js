// kolo: live pages without reloads, cheaply. An element with data-live="URL" asks the
// event's version every few seconds (a few bytes); only when it changed does it fetch the
// page again and replace the element's content.
(function () {
  "use strict";
  var live = document.querySelectorAll("[data-live]");
  if (live.length) {
    var versionUrl = document.body.getAttribute("data-version-url");
    var seen = document.body.getAttribute("data-version");
    var every = parseInt(document.body.getAttribute("data-poll") || "5000", 10);
    var tick = function () {
      fetch(versionUrl, { cache: "no-store" }).then(function (r) { return r.json(); })
        .then(function (data) {
          if (String(data.version) === seen) { return; }
          seen = String(data.version);
          return fetch(window.location.href, { cache: "no-store" })
            .then(function (r) { return r.text(); })
            .then(function (html) {
              var doc = new DOMParser().parseFromString(html, "text/html");
              live.forEach(function (el) {
                var fresh = doc.getElementById(el.id);
                if (fresh) { el.innerHTML = fresh.innerHTML; }
              });
            });
        })
        .catch(function () { /* offline for a moment: try again next tick */ });
    };
    setInterval(tick, every);
  }

  // the projector cycles between its panels (found afresh: live updates replace them)
  var shown = 0;
  var showPanel = function () {
    var panels = document.querySelectorAll("[data-cycle]");
    panels.forEach(function (p, i) { p.hidden = i !== shown % panels.length; });
    return panels.length;
  };
  if (showPanel() > 1) {
    setInterval(function () { shown += 1; showPanel(); },
      parseInt(document.body.getAttribute("data-cycle-ms") || "20000", 10));
    setInterval(showPanel, 1000);
  }

  // result forms: the game chosen decides which version the form expects
  document.querySelectorAll("form[data-versions]").forEach(function (form) {
    var select = form.querySelector("select[name=game]");
    var hidden = form.querySelector("input[name=version]");
    if (!select || !hidden) { return; }
    var versions = JSON.parse(form.getAttribute("data-versions"));
    select.addEventListener("change", function () { hidden.value = versions[select.value] || 0; });
  });

  // the round clock (R-DOM-9): minutes since the start, an alert from 45 minutes
  document.querySelectorAll("[data-clock-start]").forEach(function (el) {
    var start = Date.parse(el.getAttribute("data-clock-start"));
    var alertAfter = parseInt(el.getAttribute("data-clock-alert") || "2700", 10) * 1000;
    var alerted = false;
    var show = function () {
      var ms = Date.now() - start;
      var m = Math.floor(ms / 60000), s = Math.floor(ms / 1000) % 60;
      el.textContent = m + ":" + (s < 10 ? "0" : "") + s;
      if (ms >= alertAfter) {
        el.classList.add("alert");
        if (!alerted && el.hasAttribute("data-clock-notify")) {
          alerted = true;
          try { navigator.vibrate && navigator.vibrate(400); } catch (e) { /* no vibration */ }
        }
      }
    };
    show();
    setInterval(show, 1000);
  });

  // result forms: show placements, points and shares as the scores are typed
  document.querySelectorAll("form[data-preview]").forEach(function (form) {
    var target = form.querySelector(".preview");
    var timer = null;
    var asked = 0;
    form.addEventListener("input", function () {
      clearTimeout(timer);
      timer = setTimeout(function () {
        var mine = ++asked;  // an older answer arriving late must not replace a newer one
        fetch(form.getAttribute("data-preview"), {
          method: "POST", body: new FormData(form), headers: { "X-Requested-With": "fetch" }
        }).then(function (r) { return r.text(); })
          .then(function (html) { if (mine === asked) { target.innerHTML = html; } });
      }, 250);
    });
  });

  // swaps: the new cost before saving
  document.querySelectorAll("form[data-swap-preview]").forEach(function (form) {
    var target = form.querySelector(".preview");
    form.addEventListener("change", function () {
      fetch(form.getAttribute("data-swap-preview"), {
        method: "POST", body: new FormData(form), headers: { "X-Requested-With": "fetch" }
      }).then(function (r) { return r.text(); })
        .then(function (html) { target.innerHTML = html; });
    });
  });
})();

// the desk: each table's kingdom and draft stay as the organiser left them, open or closed,
// when the page comes back after a save (#table-3 only scrolls to the table)
(function () {
  "use strict";
  var kingdoms = document.querySelectorAll("details.kingdom-details");
  if (!kingdoms.length) { return; }
  var key = "kolo-open-kingdoms:" + window.location.pathname;
  var remembered = [];
  try { remembered = JSON.parse(window.sessionStorage.getItem(key) || "[]"); } catch (e) { remembered = []; }
  var tableOf = function (details) {
    var card = details.closest("[id^=table-]");
    return card ? card.id : "";
  };
  kingdoms.forEach(function (details) {
    if (remembered.indexOf(tableOf(details)) >= 0) { details.open = true; }
    details.addEventListener("toggle", function () {
      var open = [];
      document.querySelectorAll("details.kingdom-details[open]").forEach(function (d) {
        open.push(tableOf(d));
      });
      try { window.sessionStorage.setItem(key, JSON.stringify(open)); } catch (e) { /* private mode */ }
    });
  });
})();
