// Service worker: keeps the app shell (index.html and the hashed assets it loads) so the app
// opens with no connection. API calls are never cached: they always go to the network, and the
// page itself queues logs made offline (see src/lib/log-queue.ts).
const CACHE = 'tracker-shell-v2';
const SHELL = ['/', '/assets/manifest.webmanifest', '/assets/icon.svg', '/assets/theme-init.js'];

async function cacheShell() {
  const cache = await caches.open(CACHE);
  const res = await fetch('/', { cache: 'no-store' });
  if (!res.ok) return;
  const html = await res.clone().text();
  await cache.put('/', res);
  // The entry script and stylesheet have content hashes in their names; take them from the page.
  const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]);
  // The chunks the entry loads on demand too: above all the language catalogues (one is loaded
  // before the app draws anything, so an app opened offline needs its catalogue in the cache).
  const loaded = [];
  for (const src of assets.filter((a) => a.endsWith('.js'))) {
    const text = await (await fetch(src)).text();
    for (const m of text.matchAll(/["'`](?:\.\/|\/)?(?:assets\/)?([\w.-]+\.js)["'`]/g)) loaded.push(`/assets/${m[1]}`);
  }
  await cache.addAll([...new Set([...SHELL.slice(1), ...assets])]);
  // A name that is not a chunk after all is skipped, not a failed install.
  await Promise.all([...new Set(loaded)].filter((a) => !assets.includes(a)).map((a) => cache.add(a).catch(() => undefined)));
}

self.addEventListener('install', (event) => {
  event.waitUntil(cacheShell().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const req = event.request;
  const url = new URL(req.url);
  if (req.method !== 'GET' || url.origin !== location.origin) return;
  if (url.pathname.startsWith('/api') || url.pathname === '/mcp') return;

  // Pages: network first (fresh deploys show up), the cached shell when offline.
  if (req.mode === 'navigate') {
    event.respondWith(
      fetch(req)
        .then((res) => {
          if (res.ok && res.headers.get('content-type')?.includes('text/html')) {
            const copy = res.clone();
            caches.open(CACHE).then((c) => c.put('/', copy));
          }
          return res;
        })
        .catch(() => caches.match('/').then((r) => r || Response.error())),
    );
    return;
  }

  // Hashed assets never change: cache first, fill the cache as pages load them.
  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(
      caches.match(req).then(
        (hit) =>
          hit ||
          fetch(req).then((res) => {
            if (res.ok) {
              const copy = res.clone();
              caches.open(CACHE).then((c) => c.put(req, copy));
            }
            return res;
          }),
      ),
    );
  }
});

// Web Push (issue 28): the service sends only a title (the child's first name), one line and a
// tag (a reminder replaces an older one with the same tag instead of piling up). The line is
// written by the service in the recipient's saved language (issue 39); it is shown as sent.
self.addEventListener('push', (event) => {
  let msg = { title: 'Baby tracker', body: '', tag: undefined };
  try {
    msg = { ...msg, ...(event.data ? event.data.json() : {}) };
  } catch {
    msg.body = event.data ? event.data.text() : '';
  }
  event.waitUntil(self.registration.showNotification(msg.title, { body: msg.body, tag: msg.tag, icon: '/assets/icon.svg', badge: '/assets/icon.svg' }));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => new URL(w.url).origin === location.origin);
      return open ? open.focus() : self.clients.openWindow('/');
    }),
  );
});
