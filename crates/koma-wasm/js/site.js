// The static site's way to the web board's answers: koma in a worker (koma.js) answers on the site's games
// (KOMA_SITE, written by `koma site`), and the page (app.js, the same as `koma serve`'s) asks through
// `window.komaAnswer` instead of the server.
"use strict";

(function () {
  const koma = new Koma();
  const ready = koma.site(KOMA_SITE.given, KOMA_SITE.files);
  window.komaAnswer = async (path, body) => {
    await ready;
    return koma.answer(path, body);
  };
  window.komaSite = koma;
})();
