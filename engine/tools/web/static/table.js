// The table's page follows the game: the server says over a WebSocket when the table changed,
// and the page fetches its own fresh live part (polling instead when no socket can be had).
// Clicking a clearing on the board answers a decision about clearings. No library: this file is all.
"use strict";
(() => {
  const live = document.getElementById("live");
  if (!live) {
    return;
  }
  const table = live.dataset.table;
  const stamp = () => Number(document.getElementById("state").dataset.stamp);
  let busy = false;
  let again = false;

  async function refresh() {
    if (busy) {
      again = true;
      return;
    }
    busy = true;
    try {
      const response = await fetch(`/game/${table}/live`, { credentials: "same-origin", cache: "no-store" });
      if (response.ok) {
        live.innerHTML = await response.text();
        decorate();
      }
    } finally {
      busy = false;
      if (again) {
        again = false;
        refresh();
      }
    }
  }

  function heard(message) {
    if (message.stamp !== stamp()) {
      refresh();
    }
  }

  // the clearings an option of the pending decision names are marked on the board
  function decorate() {
    const log = document.getElementById("log");
    if (log) {
      log.scrollTop = log.scrollHeight;
    }
    const named = new Set([...live.querySelectorAll("button.option[data-clearing]")].map((b) => b.dataset.clearing));
    live.querySelectorAll("#board [data-clearing]").forEach((spot) => {
      spot.classList.toggle("choosable", named.has(spot.dataset.clearing));
    });
  }

  live.addEventListener("click", (event) => {
    const spot = event.target.closest("#board [data-clearing]");
    if (!spot) {
      return;
    }
    const buttons = live.querySelectorAll(`button.option[data-clearing="${spot.dataset.clearing}"]`);
    if (buttons.length === 1) {
      buttons[0].click();
    } else {
      buttons.forEach((b) => b.classList.add("pointed"));
    }
  });

  let failures = 0;
  function poll() {
    document.body.dataset.live = "polling";
    setInterval(async () => {
      const response = await fetch(`/game/${table}/stamp`, { credentials: "same-origin", cache: "no-store" });
      if (response.ok) {
        heard(await response.json());
      }
    }, 3000);
  }

  function connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const socket = new WebSocket(`${scheme}://${location.host}/game/${table}/socket`);
    socket.onopen = () => {
      failures = 0;
      document.body.dataset.live = "live";
    };
    socket.onmessage = (event) => heard(JSON.parse(event.data));
    socket.onclose = () => {
      failures += 1;
      if (failures > 3) {
        poll();
      } else {
        setTimeout(connect, 1000 * failures);
      }
    };
  }

  decorate();
  connect();
})();
