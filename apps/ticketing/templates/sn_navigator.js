(function () {  /* the navigator: its tabs, the filter, the favorites' stars and the history of visits */
  var nav = document.querySelector(".sn-nav");
  if (!nav) return;
  var tabs = Array.prototype.slice.call(nav.querySelectorAll("[role=tab]"));
  function load(name) { try { return JSON.parse(localStorage.getItem(SN_NAV_STORE + ":" + name) || "[]"); } catch (err) { return []; } }
  function save(name, rows) { try { localStorage.setItem(SN_NAV_STORE + ":" + name, JSON.stringify(rows)); } catch (err) { /* storage off */ } }
  function select(tab) {
    tabs.forEach(function (t) {
      var on = t === tab; t.setAttribute("aria-selected", on ? "true" : "false"); t.tabIndex = on ? 0 : -1;
      document.getElementById(t.getAttribute("aria-controls")).hidden = !on;
    });
  }
  tabs.forEach(function (t, i) {
    t.addEventListener("click", function () { select(t); });
    t.addEventListener("keydown", function (e) {
      var to = { ArrowRight: i + 1, ArrowLeft: i - 1 + tabs.length, Home: 0, End: tabs.length - 1 }[e.key];
      if (to === undefined) return;
      var next = tabs[to % tabs.length]; select(next); next.focus(); e.preventDefault();
    });
  });
  function fill(list, empty, rows, detail) {
    list.textContent = "";
    rows.forEach(function (r) {
      var li = document.createElement("li"), a = document.createElement("a");
      a.href = r.url; a.textContent = r.label;
      if (detail(r)) { var s = document.createElement("small"); s.textContent = detail(r); a.appendChild(s); }
      li.appendChild(a); list.appendChild(li);
    });
    empty.hidden = rows.length > 0;
  }
  var stars = nav.querySelectorAll(".sn-star");
  function showFavorites() {
    var favs = load("favorites"), urls = favs.map(function (f) { return f.url; });
    stars.forEach(function (s) {
      var on = urls.indexOf(s.dataset.favUrl) >= 0;
      s.setAttribute("aria-pressed", on ? "true" : "false"); s.title = on ? "Remove from favorites" : "Add to favorites";
    });
    fill(nav.querySelector("[data-favorites]"), nav.querySelector("[data-favorites-empty]"), favs, function (f) { return f.app; });
  }
  stars.forEach(function (s) {
    s.addEventListener("click", function () {
      var favs = load("favorites").filter(function (f) { return f.url !== s.dataset.favUrl; });
      if (s.getAttribute("aria-pressed") !== "true") favs.push({ url: s.dataset.favUrl, label: s.dataset.favLabel, app: s.dataset.favApp });
      save("favorites", favs); showFavorites();
    });
  });
  showFavorites();
  /* this visit goes to the top of the history (the page's title without the product's name), once the page
     under the navigator is parsed: a page without a heading (an error page) is not a visit */
  document.addEventListener("DOMContentLoaded", function () {
    var title = document.title.replace(/ \| [^|]*$/, ""), url = location.pathname + location.search;
    var visits = load("history").filter(function (h) { return h.url !== url; });
    if (document.querySelector("main h1") && title) visits.unshift({ url: url, label: title });
    visits = visits.slice(0, 30); save("history", visits);
    fill(nav.querySelector("[data-history]"), nav.querySelector("[data-history-empty]"), visits, function () { return ""; });
  });
  var box = document.getElementById("sn-nav-filter");
  var apps = nav.querySelectorAll(".sn-nav-app"), none = nav.querySelector("[data-filter-empty]");
  /* an application's label folds its modules away and back (a filter shows the matches of folded ones too) */
  var toggles = nav.querySelectorAll(".sn-nav-app-toggle");
  function unfold(t, open) { t.setAttribute("aria-expanded", open ? "true" : "false"); document.getElementById(t.getAttribute("aria-controls")).hidden = !open; }
  toggles.forEach(function (t) {
    t.addEventListener("click", function () { unfold(t, t.getAttribute("aria-expanded") !== "true"); });
  });
  /* the arrow at the bottom collapses the whole navigator to a strip, and opens it again */
  var collapse = nav.querySelector(".sn-nav-collapse");
  collapse.addEventListener("click", function () {
    var open = collapse.getAttribute("aria-expanded") !== "true", label = open ? "Collapse navigator" : "Expand navigator";
    nav.classList.toggle("sn-nav-collapsed", !open); collapse.setAttribute("aria-expanded", open ? "true" : "false");
    collapse.title = label; collapse.querySelector(".visually-hidden").textContent = label;
  });
  box.addEventListener("input", function () {
    var q = box.value.trim().toLowerCase(), shown = 0;
    toggles.forEach(function (t) { if (q) unfold(t, true); });
    apps.forEach(function (app) {
      var whole = app.dataset.app.indexOf(q) >= 0, any = false;
      app.querySelectorAll("li").forEach(function (li) {
        var ok = !q || whole || li.dataset.module.indexOf(q) >= 0;
        li.hidden = !ok; any = any || ok;
      });
      app.hidden = !any; if (any) shown++;
    });
    none.hidden = shown > 0;
  });
})();
