/* PowerPoint for the web's title bar and status bar: the Present split button and the Slide Show tab (the
   slides that are not hidden, full screen, from the beginning or the current slide: arrows, Space, Esc), the
   mode menu, Search (Alt+Q) over the ribbon's commands (Enter or a click runs one), the zoom of the slide,
   and the Format pane's Size & Position, applied as a spinner changes. */
(function () {
  "use strict";
  ["present-more", "deck-mode"].forEach(function (id) {
    var button = document.getElementById(id);
    if (button) officeMenuButton(button);
  });

  /* -- Present -- */
  var show = document.getElementById("d-show"), opener = null, slides = [], index = 0;
  function draw() {
    show.innerHTML = "";
    var pic = slides[index].cloneNode(true);
    pic.classList.remove("d-hidden");
    show.appendChild(pic);
    var count = document.createElement("p");
    count.className = "d-show-count";
    count.textContent = "Slide " + (index + 1) + " of " + slides.length + " · Esc to end the show";
    show.appendChild(count);
  }
  function end() {
    show.hidden = true;
    if (document.fullscreenElement) document.exitFullscreen();
    if (opener) opener.focus();
  }
  function start(from, button) {
    slides = Array.prototype.filter.call(document.querySelectorAll(".d-thumbs .d-slide, .d-sorter .d-slide"),
      function (s) { return !s.classList.contains("d-hidden"); });
    if (!slides.length) return;
    var here = document.querySelector(".d-thumbs a[aria-current=page] .d-slide, .d-sorter a[aria-current=page] .d-slide");
    index = from === "beginning" ? 0 : Math.max(0, slides.indexOf(here));
    opener = document.getElementById("present") || button;
    draw();
    show.hidden = false;
    show.focus();
    if (show.requestFullscreen) show.requestFullscreen().catch(function () {});
  }
  if (show) {
    Array.prototype.forEach.call(document.querySelectorAll("[data-present]"), function (b) {
      b.addEventListener("click", function () { start(b.getAttribute("data-present"), b); });
    });
    show.addEventListener("keydown", function (e) {
      if (e.key === "Escape") { e.preventDefault(); end(); return; }
      var step = { ArrowRight: 1, ArrowDown: 1, PageDown: 1, " ": 1, Enter: 1, ArrowLeft: -1, ArrowUp: -1, PageUp: -1, Backspace: -1 }[e.key];
      if (!step) return;
      e.preventDefault();
      if (index + step >= slides.length) { end(); return; }
      index = Math.max(0, index + step);
      draw();
    });
    show.addEventListener("click", function () { if (index + 1 >= slides.length) end(); else { index++; draw(); } });
    document.addEventListener("fullscreenchange", function () { if (!document.fullscreenElement && !show.hidden) end(); });
  }

  /* -- Search (Alt+Q): the ribbon's enabled commands whose name holds what you type -- */
  var search = document.getElementById("deck-search"), results = document.getElementById("deck-search-results");
  if (search && results) {
    var commands = Array.prototype.filter.call(document.querySelectorAll(".d-panel .d-cmd, .d-backstage-nav a"), function (c) {
      return !c.disabled && !c.closest("[role=menu]");
    }).map(function (c) {
      var panel = c.closest("[role=tabpanel]"), tab = panel && document.getElementById(panel.getAttribute("aria-labelledby"));
      return { el: c, tab: tab, name: (c.getAttribute("aria-label") || c.textContent).trim() };
    });
    var found = [], at = -1;
    var close = function () { results.hidden = true; search.setAttribute("aria-expanded", "false"); search.removeAttribute("aria-activedescendant"); at = -1; };
    var mark = function (i) {
      at = i;
      Array.prototype.forEach.call(results.children, function (li, j) { li.setAttribute("aria-selected", j === i ? "true" : "false"); });
      if (results.children[i]) search.setAttribute("aria-activedescendant", results.children[i].id);
    };
    var run = function (c) {
      close();
      search.value = "";
      if (c.tab) c.tab.click();
      c.el.focus();
      c.el.click();
    };
    search.addEventListener("input", function () {
      var q = search.value.trim().toLowerCase();
      found = q ? commands.filter(function (c) { return c.name.toLowerCase().indexOf(q) >= 0; }).slice(0, 8) : [];
      results.innerHTML = "";
      found.forEach(function (c, i) {
        var li = document.createElement("li");
        li.id = "deck-search-" + i;
        li.setAttribute("role", "option");
        li.textContent = c.name + (c.tab ? " · " + c.tab.textContent : "");
        li.addEventListener("mousedown", function (e) { e.preventDefault(); run(c); });
        results.appendChild(li);
      });
      if (!found.length && q) {
        var none = document.createElement("li");
        none.setAttribute("role", "option");
        none.setAttribute("aria-disabled", "true");
        none.textContent = "No commands match";
        results.appendChild(none);
      }
      results.hidden = !q;
      search.setAttribute("aria-expanded", q ? "true" : "false");
      if (found.length) mark(0);
    });
    search.addEventListener("keydown", function (e) {
      if (e.key === "ArrowDown" || e.key === "ArrowUp") {
        e.preventDefault();
        if (found.length) mark((at + (e.key === "ArrowDown" ? 1 : -1) + found.length) % found.length);
      } else if (e.key === "Enter") {
        e.preventDefault();
        if (found[at]) run(found[at]);
      } else if (e.key === "Escape") { close(); }
    });
    search.addEventListener("blur", close);
    document.addEventListener("keydown", function (e) {
      if (e.altKey && (e.key === "q" || e.key === "Q")) { e.preventDefault(); search.focus(); }
    });
  }

  /* -- zoom: the slide's width in percent of the canvas (Fit is 100) -- */
  var canvas = document.getElementById("d-canvas"), level = document.getElementById("zoom-level");
  if (canvas && level) {
    var zoom = 100;
    Array.prototype.forEach.call(document.querySelectorAll("[data-zoom]"), function (b) {
      b.addEventListener("click", function () {
        var by = b.getAttribute("data-zoom");
        zoom = by === "fit" ? 100 : Math.max(30, Math.min(300, zoom + Number(by)));
        canvas.style.setProperty("--zoom", zoom / 100);
        canvas.classList.toggle("d-zoomed", zoom !== 100);
        level.textContent = zoom === 100 ? "Fit" : zoom + "%";
      });
    });
  }

  /* -- Size & Position: applied when a spinner's value changes (arrows, typing then Enter or Tab) -- */
  Array.prototype.forEach.call(document.querySelectorAll("form[data-live]"), function (form) {
    form.addEventListener("change", function (e) {
      if (!e.target.checkValidity()) { e.target.reportValidity(); return; }
      if (form.requestSubmit) form.requestSubmit(); else form.submit();
    });
  });

  /* -- Comments: New goes to the conversation box -- */
  Array.prototype.forEach.call(document.querySelectorAll("[data-focus]"), function (a) {
    a.addEventListener("click", function (e) {
      var box = document.getElementById(a.getAttribute("data-focus"));
      if (box) { e.preventDefault(); box.focus(); }
    });
  });
  if (location.hash === "#new-comment") {
    var box = document.getElementById("comment-text");
    if (box) box.focus();
  }
})();
