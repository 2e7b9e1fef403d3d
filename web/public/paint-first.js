// The product page's HTML draws the product's picture before the app runs
// (server/src/plugins/page-html.ts). This starts the app once that picture has painted, so the
// work of starting the app never holds the picture back. The app's files are already on their
// way (the page's modulepreload links); only their running waits.
(function () {
  var entry = document.currentScript.getAttribute('data-entry');
  var picture = document.querySelector('#root img');
  function start() {
    var app = document.createElement('script');
    app.type = 'module';
    app.crossOrigin = 'anonymous';
    app.src = entry;
    document.head.appendChild(app);
  }
  function afterPaint() {
    requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
  }
  if (!picture || picture.complete) afterPaint();
  else {
    picture.addEventListener('load', afterPaint);
    picture.addEventListener('error', afterPaint);
  }
})();
