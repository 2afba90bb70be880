// Applies the remembered night-mode choice before first paint so the screen never flashes bright.
try {
  var t = localStorage.getItem('theme');
  if (t === 'dark' || t === 'light') document.documentElement.dataset.theme = t;
} catch (e) {}
