// Draws the demo catalog's product pictures as small, self-contained SVG files
// (no fonts, scripts or external references) in web/public/images/products/.
// Deterministic: running it again gives byte-identical files.
//   node scripts/generate-product-images.mjs
// Product names (for each <title>) come from server/src/modules/products/catalog.ts;
// every image there needs a drawing in `drawings` below.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const catalogFile = path.join(root, 'server/src/modules/products/catalog.ts');
const outDir = path.join(root, 'web/public/images/products');

// ---------- small helpers ----------

const n = (v) => String(Math.round(v * 10) / 10);
const attrs = (extra) => (extra ? ` ${extra}` : '');
const rect = (x, y, w, h, rx, fill, extra) =>
  `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}"${rx ? ` rx="${n(rx)}"` : ''} fill="${fill}"${attrs(extra)}/>`;
const circle = (cx, cy, r, fill, extra) =>
  `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="${fill}"${attrs(extra)}/>`;
const ellipse = (cx, cy, rx, ry, fill, extra) =>
  `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(ry)}" fill="${fill}"${attrs(extra)}/>`;
const shape = (d, fill, extra) => `<path d="${d}" fill="${fill}"${attrs(extra)}/>`;
const line = (d, stroke, width, extra) =>
  `<path d="${d}" fill="none" stroke="${stroke}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"${attrs(extra)}/>`;
const group = (transform, body) => `<g transform="${transform}">${body}</g>`;

/** Mixes a #rrggbb colour towards black (amount < 0) or white (amount > 0). */
function shade(hex, amount) {
  const target = amount < 0 ? 0 : 255;
  const a = Math.abs(amount);
  const parts = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return `#${parts
    .map((c) => Math.round(c + (target - c) * a))
    .map((c) => c.toString(16).padStart(2, '0'))
    .join('')}`;
}

const escapeXml = (s) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const backgrounds = {
  electronics: ['#e8f1fb', '#d4e5f7'],
  fashion: ['#fdf0f4', '#f9dce7'],
  mobiles: ['#e9f6ef', '#d3eedf'],
  games: ['#fdf5e1', '#f8e7bd'],
};

// ---------- drawings: each takes colours { main, accent, dark, light } ----------

const gamepadPath =
  'M120 150H280Q330 150 342 210L356 276Q362 312 332 316Q310 318 292 290L276 266H124L108 290Q90 318 68 316Q38 312 44 276L58 210Q70 150 120 150Z';

function gamepad(c) {
  return [
    shape(gamepadPath, c.main),
    rect(96, 200, 40, 14, 3, c.dark),
    rect(109, 187, 14, 40, 3, c.dark),
    circle(300, 190, 9, '#22c55e'),
    circle(318, 208, 9, '#ef4444'),
    circle(282, 208, 9, '#3b82f6'),
    circle(300, 226, 9, '#eab308'),
    circle(160, 248, 19, c.dark),
    circle(160, 248, 11, shade(c.dark, -0.3)),
    circle(240, 248, 19, c.dark),
    circle(240, 248, 11, shade(c.dark, -0.3)),
    rect(184, 196, 32, 10, 5, c.accent),
  ].join('');
}

function phoneBody(c, wallpaper, frame = [134, 64, 132, 272, 26], bezel = 10) {
  const [x, y, w, h, r] = frame;
  const sx = x + bezel;
  const sy = y + bezel + 2;
  const sw = w - 2 * bezel;
  const sh = h - 2 * bezel - 4;
  return [
    rect(x + w, y + 66, 5, 40, 2, c.dark),
    rect(x, y, w, h, r, c.dark),
    `<clipPath id="s">${rect(sx, sy, sw, sh, r - 8, '#000')}</clipPath>`,
    rect(sx, sy, sw, sh, r - 8, c.accent),
    `<g clip-path="url(#s)">${wallpaper}</g>`,
  ].join('');
}

const drawings = {
  headphones: (c) =>
    [
      line('M112 228V200A88 88 0 0 1 288 200V228', c.main, 20),
      line('M150 127.6A88 88 0 0 1 250 127.6', c.accent, 12),
      rect(84, 196, 54, 104, 26, c.main),
      rect(262, 196, 54, 104, 26, c.main),
      rect(128, 210, 20, 76, 10, c.dark),
      rect(252, 210, 20, 76, 10, c.dark),
      circle(108, 248, 9, c.accent),
      circle(292, 248, 9, c.accent),
    ].join(''),

  kettle: (c) =>
    [
      line('M250 192C310 186 314 298 262 302', c.dark, 16),
      shape('M158 210L108 178Q100 172 105 166L112 162L162 186Z', c.main),
      shape('M138 320L154 178Q156 166 168 166H232Q244 166 246 178L262 320Z', c.main),
      rect(172, 196, 12, 92, 6, c.accent, 'opacity=".85"'),
      circle(222, 268, 12, '#fff', 'opacity=".85"'),
      ellipse(200, 166, 48, 10, c.dark),
      rect(188, 144, 24, 16, 6, c.dark),
      rect(124, 312, 152, 22, 8, c.dark),
    ].join(''),

  powerbank: (c) =>
    [
      rect(176, 72, 48, 16, 5, c.dark),
      rect(132, 84, 136, 244, 26, c.main),
      rect(152, 108, 96, 144, 10, c.dark),
      line('M184 108V252M216 108V252M152 156H248M152 204H248', c.light, 2, 'opacity=".6"'),
      circle(170, 288, 6, c.accent),
      circle(190, 288, 6, c.accent),
      circle(210, 288, 6, c.accent),
      circle(230, 288, 6, '#fff', 'opacity=".6"'),
    ].join(''),

  speaker: (c) => {
    const dots = [];
    for (let i = 0; i < 8; i += 1) {
      const a = (i * Math.PI) / 4;
      dots.push(circle(200 + 42 * Math.cos(a), 214 + 42 * Math.sin(a), 5, c.light));
    }
    return [
      line('M184 108Q200 76 216 108', c.dark, 6),
      rect(134, 104, 132, 224, 58, c.main),
      rect(148, 132, 104, 168, 48, c.dark),
      circle(200, 214, 28, 'none', `stroke="${c.accent}" stroke-width="6"`),
      circle(200, 214, 12, c.accent),
      ...dots,
      rect(172, 112, 56, 10, 5, c.light),
    ].join('');
  },

  soundbar: (c) =>
    [
      rect(40, 128, 320, 58, 29, c.main),
      rect(60, 141, 280, 32, 16, c.dark),
      circle(200, 192, 4, c.accent),
      rect(220, 206, 120, 128, 14, c.main),
      circle(280, 270, 44, c.dark),
      circle(280, 270, 28, c.accent),
      circle(280, 270, 10, c.dark),
      rect(96, 226, 38, 100, 16, c.dark),
      circle(115, 248, 8, c.accent),
      circle(106, 274, 4, c.light),
      circle(124, 274, 4, c.light),
      circle(106, 292, 4, c.light),
      circle(124, 292, 4, c.light),
    ].join(''),

  tv: (c) =>
    [
      rect(186, 280, 28, 28, 0, c.dark),
      rect(136, 304, 128, 12, 6, c.dark),
      rect(44, 86, 312, 198, 12, c.dark),
      rect(56, 98, 288, 174, 6, c.accent),
      circle(286, 140, 18, '#fff7ed', 'opacity=".9"'),
      shape('M56 272L130 170L170 210L230 130L300 220L344 182V272Z', c.main),
      shape('M230 130L212 154L222 148L232 157L242 148L249 154Z', '#fff'),
      shape('M130 170L118 186L126 181L134 188L140 181L146 186Z', '#fff'),
    ].join(''),

  laptop: (c) =>
    [
      rect(92, 94, 216, 156, 12, c.dark),
      rect(104, 106, 192, 132, 6, c.accent),
      line('M200 126L245 172L200 218L155 172Z', '#fff', 4, 'opacity=".85"'),
      circle(200, 172, 26, 'none', 'stroke="#fff" stroke-width="4" opacity=".85"'),
      ...[
        [200, 142],
        [230, 172],
        [200, 202],
        [170, 172],
        [200, 172],
      ].map(([x, y]) => circle(x, y, 4, '#fff')),
      shape('M56 254H344L330 284Q328 290 320 290H80Q72 290 70 284Z', c.main),
      rect(56, 248, 288, 10, 5, c.light),
      rect(172, 256, 56, 6, 3, c.dark),
    ].join(''),

  keyboard: (c) =>
    [
      line('M200 148C200 112 250 112 262 70', c.dark, 6),
      `<defs><pattern id="k" width="28" height="28" patternUnits="userSpaceOnUse" x="60" y="166">${rect(3, 3, 22, 22, 5, c.light)}</pattern></defs>`,
      rect(44, 146, 312, 144, 18, c.main),
      rect(60, 166, 280, 84, 0, 'url(#k)'),
      rect(63, 169, 22, 22, 5, c.accent),
      rect(63, 253, 50, 22, 5, c.light),
      rect(119, 253, 162, 22, 5, c.accent),
      rect(287, 253, 50, 22, 5, c.light),
    ].join(''),

  bulbs: (c) => {
    const bulb = (glass) =>
      [
        shape('M-34 31A70 70 0 1 1 34 31Q26 42 26 56H-26Q-26 42 -34 31Z', glass),
        line('M-12 44V12L-6 2L0 12L6 2L12 12V44', shade(glass, -0.4), 3),
        rect(-28, 56, 56, 12, 4, '#94a3b8'),
        rect(-25, 70, 50, 10, 4, '#64748b'),
        rect(-22, 82, 44, 10, 4, '#94a3b8'),
        shape('M-12 94H12L7 104H-7Z', '#334155'),
      ].join('');
    const rays = [-90, -50, -10, 30]
      .map((deg) => {
        const a = (deg * Math.PI) / 180;
        const p = (r) => `${n(236 + r * Math.cos(a))} ${n(150 + r * Math.sin(a))}`;
        return `M${p(86)}L${p(106)}`;
      })
      .join('');
    return [
      group('translate(136 214) scale(.72)', bulb(c.accent)),
      line(rays, c.main, 6),
      group('translate(236 180)', bulb(c.main)),
    ].join('');
  },

  earbuds: (c) => {
    const bud = (x, flip) =>
      [
        rect(x - 10, 138, 20, 70, 10, '#f8fafc', 'stroke="#cbd5e1" stroke-width="2"'),
        circle(x, 136, 30, '#f8fafc', 'stroke="#cbd5e1" stroke-width="2"'),
        ellipse(x - 20 * flip, 122, 12, 10, c.accent),
        circle(x + 4 * flip, 140, 10, c.dark),
      ].join('');
    return [
      bud(156, 1),
      bud(244, -1),
      rect(116, 214, 168, 108, 50, c.main),
      line('M122 254H278', c.dark, 3),
      circle(200, 294, 5, c.accent),
    ].join('');
  },

  fan: (c) =>
    [
      rect(192, 250, 16, 72, 6, c.dark),
      ellipse(200, 326, 70, 14, c.dark),
      circle(174, 324, 3, c.light),
      circle(188, 324, 3, c.light),
      ...[0, 120, 240].map((a) => ellipse(200, 110, 26, 46, c.accent, `transform="rotate(${a} 200 160)"`)),
      circle(200, 160, 60, 'none', `stroke="${c.main}" stroke-width="2" opacity=".6"`),
      circle(200, 160, 96, 'none', `stroke="${c.main}" stroke-width="10"`),
      line('M200 64V256M104 160H296', c.main, 2, 'opacity=".5"'),
      circle(200, 160, 20, c.main),
      circle(200, 160, 7, c.light),
    ].join(''),

  camera: (c) =>
    [
      rect(88, 128, 34, 16, 5, c.dark),
      shape('M138 144L152 112H214L228 144Z', c.main),
      rect(72, 142, 256, 162, 20, c.main),
      rect(72, 196, 256, 56, 0, c.dark, 'opacity=".35"'),
      rect(72, 150, 44, 146, 14, c.dark),
      rect(264, 160, 44, 20, 5, '#f1f5f9'),
      circle(212, 222, 66, c.dark),
      circle(212, 222, 50, '#1e293b'),
      circle(212, 222, 34, c.accent),
      circle(212, 222, 14, '#0f172a'),
      circle(200, 208, 8, '#fff', 'opacity=".6"'),
    ].join(''),

  phoneFeather: (c) =>
    phoneBody(
      c,
      [
        line('M200 330C194 280 206 240 200 196', '#fde68a', 3),
        ellipse(200, 176, 48, 66, '#10b981'),
        ellipse(200, 184, 32, 46, '#2dd4bf'),
        ellipse(200, 192, 20, 30, '#2563eb'),
        ellipse(200, 198, 10, 15, '#1e1b4b'),
        circle(200, 92, 5, '#0f172a'),
      ].join(''),
    ),

  phoneMango: (c) =>
    phoneBody(
      c,
      [
        circle(200, 204, 84, '#fff', 'opacity=".5"'),
        group(
          'translate(200 212) rotate(-28)',
          [
            shape(
              'M0 -62C42 -62 54 -12 46 24C38 62 0 72 -22 54C-40 40 -46 -20 -24 -48C-16 -58 -8 -62 0 -62Z',
              '#fbbf24',
            ),
            ellipse(-20, -18, 8, 18, '#fff', 'opacity=".45" transform="rotate(20)"'),
            line('M0 -62V-74', '#78350f', 4),
            shape('M2 -72Q30 -96 62 -78Q34 -60 2 -72Z', '#16a34a'),
          ].join(''),
        ),
        circle(200, 92, 5, '#0f172a'),
      ].join(''),
    ),

  phoneSunrise: (c) =>
    phoneBody(
      c,
      [
        circle(200, 200, 42, '#fde68a'),
        shape('M140 250Q190 200 260 236V330H140Z', c.main),
        shape('M140 280Q210 240 260 270V330H140Z', c.dark, 'opacity=".6"'),
        line('M176 140q6 -6 12 0q6 -6 12 0', '#1f2937', 3),
        circle(200, 92, 5, '#0f172a'),
      ].join(''),
    ),

  phoneFold: (c) => {
    const stripes = [];
    for (let i = 0; i < 5; i += 1) {
      const y = 104 + i * 48;
      stripes.push(`M100 ${y}q30 8 54 ${18 + (i % 2) * 8}M300 ${y + 20}q-34 4 -58 ${22 - (i % 2) * 8}`);
    }
    return phoneBody(
      c,
      [
        line(stripes.join(''), '#1c1917', 10),
        line('M200 84V316', '#000', 2, 'opacity=".25"'),
        circle(262, 98, 5, '#0f172a'),
      ].join(''),
      [88, 72, 224, 256, 24],
      10,
    );
  },

  phoneRugged: (c) =>
    [
      rect(120, 52, 46, 46, 16, c.accent),
      rect(234, 52, 46, 46, 16, c.accent),
      rect(120, 302, 46, 46, 16, c.accent),
      rect(234, 302, 46, 46, 16, c.accent),
      rect(128, 60, 144, 280, 30, c.dark),
      rect(146, 84, 108, 212, 12, c.light),
      rect(186, 208, 28, 88, 4, '#78350f'),
      line('M194 296Q188 250 166 230M206 296Q214 250 236 232', '#78350f', 6),
      circle(170, 176, 34, c.main),
      circle(230, 176, 34, c.main),
      circle(200, 150, 40, c.main),
      line('M172 204V250M230 204V246', '#78350f', 2),
      line('M176 316H224', c.light, 4, 'opacity=".5"'),
      circle(142, 72, 4, c.light),
      circle(258, 72, 4, c.light),
    ].join(''),

  keypadPhone: (c) =>
    [
      rect(184, 56, 32, 12, 4, '#fde68a'),
      `<defs><pattern id="k" width="26" height="24" patternUnits="userSpaceOnUse" x="161" y="212">${rect(3, 3, 20, 17, 8, c.light)}</pattern></defs>`,
      rect(146, 64, 108, 274, 30, c.main),
      rect(162, 86, 76, 74, 8, c.accent),
      rect(172, 100, 40, 7, 3, '#fff', 'opacity=".85"'),
      rect(172, 114, 28, 7, 3, '#fff', 'opacity=".6"'),
      rect(166, 172, 68, 30, 15, c.dark),
      circle(200, 187, 9, c.light),
      rect(161, 212, 78, 96, 0, 'url(#k)'),
    ].join(''),

  charger: (c) =>
    [
      line('M188 264C188 330 296 336 300 276V190', c.dark, 7),
      rect(291, 150, 18, 40, 6, c.dark),
      rect(294, 134, 12, 18, 4, '#cbd5e1'),
      rect(158, 100, 14, 44, 7, '#94a3b8'),
      rect(208, 100, 14, 44, 7, '#94a3b8'),
      rect(128, 138, 124, 128, 22, c.main, `stroke="${shade(c.main, -0.15)}" stroke-width="2"`),
      shape('M198 166L170 208H194L184 242L216 196H192Z', c.accent),
    ].join(''),

  phoneCover: (c) =>
    [
      rect(136, 60, 128, 280, 30, c.main),
      rect(146, 70, 108, 260, 22, 'none', `stroke="${c.accent}" stroke-width="3" stroke-dasharray="6 6"`),
      rect(152, 80, 58, 82, 16, c.dark),
      circle(171, 101, 11, '#334155'),
      circle(171, 141, 11, '#334155'),
      circle(195, 101, 4, '#fde68a'),
      shape('M156 236Q200 200 242 236Q200 272 156 236Z', c.accent),
      shape('M240 236L264 218V254Z', c.accent),
      circle(176, 232, 4, '#fff'),
      line('M200 222Q210 236 200 250M216 224Q226 236 216 248', c.main, 3),
      ...[-40, 0, 40].map((a) => ellipse(200, 296, 8, 20, '#fde68a', `transform="rotate(${a} 200 312)"`)),
    ].join(''),

  screenGuard: (c) =>
    [
      rect(
        126,
        72,
        124,
        256,
        24,
        c.main,
        `opacity=".55" stroke="${c.dark}" stroke-width="3" transform="rotate(-8 188 200)"`,
      ),
      rect(150, 76, 124, 256, 24, c.main, `opacity=".7" stroke="${c.dark}" stroke-width="3"`),
      shape('M164 110L216 90L228 98L168 190Z', '#fff', 'opacity=".55"'),
      rect(192, 88, 40, 6, 3, c.dark),
      shape('M212 176L246 188V216Q246 248 212 262Q178 248 178 216V188Z', c.accent),
      line('M196 216L208 228L230 202', '#fff', 6),
    ].join(''),

  cable: (c) => {
    const d = 'M112 300C112 210 170 190 220 232C270 274 330 240 318 184C306 126 196 236 190 126';
    return [
      line(d, c.main, 12),
      `<path d="${d}" fill="none" stroke="${c.dark}" stroke-width="12" stroke-dasharray="3 6" opacity=".45"/>`,
      rect(100, 296, 24, 32, 6, c.dark),
      rect(105, 326, 14, 16, 4, '#cbd5e1'),
      rect(178, 98, 24, 32, 6, c.dark),
      rect(183, 82, 14, 18, 4, '#cbd5e1'),
      rect(100, 300, 24, 5, 0, c.accent),
      rect(178, 120, 24, 5, 0, c.accent),
    ].join('');
  },

  smartwatch: (c) =>
    [
      rect(160, 56, 80, 100, 16, c.main),
      rect(160, 244, 80, 100, 16, c.main),
      circle(200, 300, 5, c.dark),
      circle(200, 320, 5, c.dark),
      rect(262, 170, 10, 28, 4, c.dark),
      rect(136, 124, 128, 152, 34, c.dark),
      rect(148, 136, 104, 128, 26, '#0f172a'),
      circle(
        200,
        200,
        38,
        'none',
        `stroke="${c.accent}" stroke-width="9" stroke-dasharray="180 300" stroke-linecap="round" transform="rotate(-90 200 200)"`,
      ),
      circle(
        200,
        200,
        24,
        'none',
        'stroke="#38bdf8" stroke-width="9" stroke-dasharray="100 200" stroke-linecap="round" transform="rotate(-90 200 200)"',
      ),
      circle(200, 200, 10, c.main),
    ].join(''),

  selfieTripod: (c) =>
    [
      line('M200 284L138 340M200 284L262 340M200 284V342', c.main, 8),
      rect(193, 200, 14, 90, 6, '#94a3b8'),
      line('M193 244H207', '#64748b', 3),
      rect(144, 110, 112, 38, 10, c.main),
      rect(156, 56, 88, 150, 16, c.dark),
      rect(164, 66, 72, 130, 10, c.accent),
      circle(200, 118, 16, c.light),
      shape('M172 196Q172 150 200 150Q228 150 228 196Z', c.light),
      rect(272, 248, 32, 56, 12, c.main),
      circle(288, 266, 8, c.accent),
    ].join(''),

  kurta: (c) => {
    const body = 'M160 70Q200 88 240 70L284 86L334 178L304 194L268 140V332H132V140L96 194L66 178L116 86Z';
    return [
      `<defs><pattern id="w" width="8" height="8" patternUnits="userSpaceOnUse">${line('M2 0V8', '#fff', 2, 'opacity=".16"')}</pattern></defs>`,
      shape(body, c.main),
      shape(body, 'url(#w)'),
      rect(132, 312, 136, 20, 0, c.accent),
      line('M96 194L66 178M304 194L334 178', c.accent, 10),
      line('M140 276V330M260 276V330', c.dark, 3),
      shape('M164 70Q200 88 236 70L238 80Q200 98 162 80Z', c.dark),
      rect(194, 88, 12, 82, 4, c.dark),
      circle(200, 106, 3.5, c.accent),
      circle(200, 128, 3.5, c.accent),
      circle(200, 150, 3.5, c.accent),
    ].join('');
  },

  saree: (c) => {
    const folded = (x, y, w, h, body) =>
      [
        rect(x, y, w, h, 8, body),
        rect(x, y, w - 30, h - 30, 8, 'url(#b)'),
        rect(x, y + h - 26, w, 18, 0, c.accent),
        rect(x, y + h - 34, w - 30, 8, 0, 'url(#t)'),
        rect(x + w - 26, y, 18, h - 8, 0, c.accent),
        rect(x + w - 8, y, 8, h, 0, shade(body, -0.3)),
      ].join('');
    return [
      `<defs><pattern id="b" width="24" height="24" patternUnits="userSpaceOnUse">${circle(12, 12, 3, c.accent)}</pattern>`,
      `<pattern id="t" width="16" height="8" patternUnits="userSpaceOnUse">${shape('M0 8L8 0L16 8Z', c.accent)}</pattern></defs>`,
      group('rotate(-7 200 200)', folded(92, 92, 200, 150, '#0f766e')),
      folded(100, 140, 210, 180, c.main),
    ].join('');
  },

  sandals: (c) => {
    const sole =
      'M0 -110C40 -110 46 -60 40 -10C36 30 44 70 34 100C26 120 -26 120 -34 100C-44 70 -36 30 -40 -10C-46 -60 -40 -110 0 -110Z';
    const sandal = [
      shape(sole, c.main),
      shape(sole, c.light, 'transform="scale(.84)"'),
      rect(-5, -70, 10, 46, 4, c.dark),
      circle(0, -76, 11, 'none', `stroke="${c.dark}" stroke-width="6"`),
      rect(-48, -36, 96, 32, 12, c.dark),
      line('M-38 -20H38', c.accent, 4, 'stroke-dasharray="6 6"'),
    ].join('');
    return [
      group('translate(146 206) rotate(-8)', sandal),
      group('translate(254 206) rotate(8)', sandal),
    ].join('');
  },

  dupatta: (c) => {
    let tassels = '';
    for (let x = 116; x <= 312; x += 14) tassels += `M${x} 322v16`;
    const cloth = 'M118 136H310L318 320H110Z';
    return [
      `<defs><pattern id="d" width="18" height="18" patternUnits="userSpaceOnUse">${circle(9, 9, 2.5, '#fff', 'opacity=".9"')}</pattern></defs>`,
      line('M200 82A14 14 0 1 1 214 96V102', '#64748b', 5),
      line('M214 102L112 140H316Z', '#64748b', 6),
      shape(cloth, c.main),
      shape(cloth, 'url(#d)'),
      shape('M214 140L256 320H196Z', c.dark, 'opacity=".25"'),
      rect(110, 294, 208, 26, 0, c.accent),
      line(tassels, c.accent, 4),
    ].join('');
  },

  shirt: (c) => {
    const body =
      'M150 82L118 96L74 152L104 174L136 142V326H264V142L296 174L326 152L282 96L250 82Q200 96 150 82Z';
    return [
      `<defs><pattern id="p" width="30" height="30" patternUnits="userSpaceOnUse">${circle(15, 15, 5, c.accent)}${circle(15, 5, 2, c.accent)}${circle(15, 25, 2, c.accent)}${circle(5, 15, 2, c.accent)}${circle(25, 15, 2, c.accent)}</pattern></defs>`,
      shape(body, c.main),
      shape(body, 'url(#p)', 'opacity=".8"'),
      line('M200 110V326', c.dark, 3),
      ...[150, 190, 230, 270].map((y) => circle(207, y, 4.5, '#e7d3b0')),
      rect(220, 160, 34, 38, 4, 'none', `stroke="${c.dark}" stroke-width="3"`),
      shape('M154 80L200 110L174 134L146 92Z', c.dark),
      shape('M246 80L200 110L226 134L254 92Z', c.dark),
    ].join('');
  },

  rainJacket: (c) => {
    const drop = (x, y) => shape(`M${x} ${y}q7 11 7 15a7 7 0 0 1 -14 0q0 -4 7 -15Z`, c.accent);
    return [
      drop(64, 72),
      drop(334, 64),
      drop(356, 150),
      drop(44, 150),
      drop(92, 110),
      shape('M146 110Q146 48 200 46Q254 48 254 110Z', c.dark),
      shape(
        'M150 96L112 110L72 250L102 262L134 180V330H266V180L298 262L328 250L288 110L250 96Q200 120 150 96Z',
        c.main,
      ),
      shape('M166 102Q200 62 234 102Q200 120 166 102Z', '#0f172a', 'opacity=".35"'),
      line('M200 116V330', c.dark, 4),
      rect(146, 222, 40, 10, 4, c.dark),
      rect(214, 222, 40, 10, 4, c.dark),
      rect(134, 284, 132, 10, 0, '#e2e8f0'),
    ].join('');
  },

  sneaker: (c) =>
    [
      shape(
        'M72 292L78 216Q80 204 94 206Q124 214 146 204L170 182Q180 174 188 184L252 244Q318 250 338 272Q346 288 334 292Z',
        c.main,
      ),
      line('M108 262Q180 250 252 272', c.accent, 10),
      shape('M290 252Q330 256 338 274Q340 288 334 292H296Q286 270 290 252Z', '#f8fafc'),
      rect(70, 220, 14, 42, 5, c.accent),
      line('M178 200L192 188M194 214L208 202M210 228L224 216M226 242L240 230', '#fff', 5),
      rect(62, 288, 286, 22, 11, '#f8fafc', 'stroke="#cbd5e1" stroke-width="2"'),
      line('M74 300H336', c.accent, 2, 'opacity=".6"'),
    ].join(''),

  jeans: (c) =>
    [
      shape('M140 72H260L280 330H218L200 152L182 330H120Z', c.main),
      rect(140, 70, 120, 22, 4, c.dark),
      ...[158, 196, 236].map((x) => rect(x, 66, 8, 30, 3, c.dark)),
      circle(200, 81, 5, '#d4d4d8'),
      line('M200 92V140Q200 150 214 150', c.dark, 3),
      line('M146 98Q168 122 190 98M254 98Q232 122 210 98', c.accent, 2.5, 'stroke-dasharray="5 4"'),
      line('M148 120L132 326M252 120L268 326', c.accent, 2.5, 'stroke-dasharray="5 4"'),
      line('M122 318H180M220 318H278', c.dark, 3),
    ].join(''),

  jhumkas: (c) => {
    const jhumka = (cx) => {
      let strings = '';
      let beads = '';
      for (let x = cx - 36; x <= cx + 36; x += 12) {
        strings += `M${x} 204V216`;
        beads += circle(x, 220, 5, c.accent);
      }
      beads = line(strings, c.dark, 2) + beads;
      return [
        line(`M${cx} 88V72Q${cx} 56 ${cx + 12} 56Q${cx + 24} 56 ${cx + 24} 70`, '#94a3b8', 4),
        rect(cx - 3, 110, 6, 26, 3, c.dark),
        circle(cx, 100, 15, c.main),
        circle(cx, 100, 6, c.accent),
        beads,
        shape(`M${cx - 40} 202Q${cx - 40} 132 ${cx} 132Q${cx + 40} 132 ${cx + 40} 202Z`, c.main),
        line(`M${cx - 32} 178Q${cx} 166 ${cx + 32} 178`, c.dark, 3),
        line(`M${cx - 20} 156Q${cx} 148 ${cx + 20} 156`, c.dark, 3),
        rect(cx - 42, 196, 84, 9, 4, c.dark),
      ].join('');
    };
    return group('translate(0 40)', jhumka(140) + jhumka(260));
  },

  tote: (c) =>
    [
      `<defs><pattern id="j" width="10" height="10" patternUnits="userSpaceOnUse">${line('M0 5H10M5 0V10', c.dark, 1.5, 'opacity=".25"')}</pattern></defs>`,
      line('M164 170V138Q164 100 210 100Q256 100 256 138V170', shade(c.accent, -0.3), 11),
      shape('M96 170H304L286 330H114Z', c.main),
      shape('M96 170H304L286 330H114Z', 'url(#j)'),
      shape('M100 206H300L297 234H103Z', c.accent),
      line('M144 170V134Q144 92 194 92Q244 92 244 134V170', c.accent, 12),
      circle(144, 178, 5, c.dark),
      circle(244, 178, 5, c.dark),
    ].join(''),

  sunglasses: (c) => {
    const left = 'M96 160H180Q192 160 190 176Q184 236 140 236Q100 236 92 186Q90 160 106 160Z';
    const right = 'M304 160H220Q208 160 210 176Q216 236 260 236Q300 236 308 186Q310 160 294 160Z';
    return [
      line('M94 168L52 176L40 206M306 168L348 176L360 206', c.main, 6),
      shape(left, c.accent, `stroke="${c.main}" stroke-width="6"`),
      shape(right, c.accent, `stroke="${c.main}" stroke-width="6"`),
      shape('M112 172H142L108 214Q102 196 112 172Z', '#fff', 'opacity=".35"'),
      shape('M232 172H262L228 214Q222 196 232 172Z', '#fff', 'opacity=".35"'),
      line('M188 170Q200 158 212 170', c.main, 6),
      line('M176 156Q200 146 224 156', c.main, 4),
    ].join('');
  },

  nehruJacket: (c) => {
    const body =
      'M156 74Q200 88 244 74L282 90Q292 130 280 160Q270 176 272 196V332H128V196Q130 176 120 160Q108 130 118 90Z';
    return [
      `<defs><pattern id="r" width="24" height="12" patternUnits="userSpaceOnUse">${line('M2 4H12M14 10H22', '#fff', 1.5, 'opacity=".18"')}</pattern></defs>`,
      shape(body, c.main),
      shape(body, 'url(#r)'),
      line('M200 88V332', c.dark, 3),
      ...[112, 150, 188, 226, 264].map((y) => circle(200, y, 5, c.accent)),
      rect(144, 214, 40, 7, 3, c.dark),
      rect(216, 214, 40, 7, 3, c.dark),
      shape('M226 132L240 118L250 132Z', c.accent),
      rect(220, 130, 34, 6, 3, c.dark),
      shape('M156 70Q200 84 244 70L246 82Q200 98 154 82Z', c.dark),
    ].join('');
  },

  carrom: (c) => {
    const coins = [];
    for (let i = 0; i < 6; i += 1) {
      const a = (i * Math.PI) / 3;
      coins.push(circle(200 + 19 * Math.cos(a), 200 + 19 * Math.sin(a), 8, i % 2 ? '#111827' : '#fafaf9'));
    }
    return [
      rect(66, 66, 268, 268, 14, c.dark),
      rect(86, 86, 228, 228, 4, c.light),
      ...[98, 302].flatMap((x) => [98, 302].map((y) => circle(x, y, 13, '#1f2937'))),
      line('M130 120H270M130 280H270M120 130V270M280 130V270', c.main, 3),
      line('M118 118L150 150M282 118L250 150M118 282L150 250M282 282L250 250', c.main, 3),
      circle(200, 200, 42, 'none', `stroke="${c.main}" stroke-width="3"`),
      ...coins,
      circle(200, 200, 9, '#dc2626'),
      circle(200, 280, 13, c.accent, `stroke="${c.dark}" stroke-width="2"`),
    ].join('');
  },

  cards: (c) => {
    const card = (angle, fill) =>
      rect(
        140,
        110,
        120,
        172,
        12,
        fill,
        `stroke="${c.dark}" stroke-width="3" transform="rotate(${angle} 200 330)"`,
      );
    return [
      card(-20, c.accent),
      card(-8, c.main),
      card(6, '#fff'),
      group(
        'rotate(6 200 330)',
        [
          rect(152, 122, 96, 148, 8, c.light),
          group(
            'rotate(30 200 196)',
            rect(188, 150, 24, 92, 8, '#e7c58f') + rect(194, 118, 12, 36, 4, c.dark),
          ),
          circle(230, 244, 12, '#dc2626'),
          line('M222 236Q230 244 222 252', '#fff', 2),
        ].join(''),
      ),
    ].join('');
  },

  controller: (c) => gamepad(c),

  ludo: (c) => {
    const homes = [
      [80, 80, '#22c55e'],
      [224, 80, '#facc15'],
      [80, 224, '#ef4444'],
      [224, 224, '#3b82f6'],
    ];
    return [
      `<defs><pattern id="g" width="16" height="16" patternUnits="userSpaceOnUse" x="80" y="80">${rect(0, 0, 16, 16, 0, 'none', 'stroke="#94a3b8" stroke-width="1"')}</pattern></defs>`,
      rect(62, 62, 276, 276, 16, c.main),
      rect(80, 80, 240, 240, 0, '#fff'),
      rect(96, 192, 80, 16, 0, '#ef4444'),
      rect(192, 96, 16, 80, 0, '#22c55e'),
      rect(224, 192, 80, 16, 0, '#facc15'),
      rect(192, 224, 16, 80, 0, '#3b82f6'),
      rect(80, 176, 240, 48, 0, 'url(#g)'),
      rect(176, 80, 48, 240, 0, 'url(#g)'),
      ...homes.flatMap(([x, y, col]) => [
        rect(x, y, 96, 96, 0, col),
        rect(x + 18, y + 18, 60, 60, 8, '#fff'),
        ...[
          [34, 34],
          [62, 34],
          [34, 62],
          [62, 62],
        ].map(([dx, dy]) => circle(x + dx, y + dy, 8, col, `stroke="${shade(col, -0.35)}" stroke-width="2"`)),
      ]),
      shape('M176 176L200 200L176 224Z', '#ef4444'),
      shape('M176 176L200 200L224 176Z', '#22c55e'),
      shape('M224 176L200 200L224 224Z', '#facc15'),
      shape('M176 224L200 200L224 224Z', '#3b82f6'),
    ].join('');
  },

  chess: (c) =>
    [
      `<defs><pattern id="c" width="50" height="50" patternUnits="userSpaceOnUse" x="100" y="100">${rect(0, 0, 50, 50, 0, c.main)}${rect(0, 0, 25, 25, 0, c.light)}${rect(25, 25, 25, 25, 0, c.light)}</pattern></defs>`,
      rect(84, 84, 232, 232, 10, c.dark),
      rect(100, 100, 200, 200, 0, 'url(#c)'),
      group(
        'translate(0 10)',
        [
          rect(228, 300, 84, 18, 8, '#f8fafc', 'stroke="#334155" stroke-width="3"'),
          shape(
            'M244 300Q250 250 258 220H282Q290 250 296 300Z',
            '#f8fafc',
            'stroke="#334155" stroke-width="3"',
          ),
          rect(246, 206, 48, 14, 6, '#f8fafc', 'stroke="#334155" stroke-width="3"'),
          ellipse(270, 192, 20, 16, '#f8fafc', 'stroke="#334155" stroke-width="3"'),
          rect(266, 152, 8, 28, 2, '#334155'),
          rect(258, 160, 24, 8, 2, '#334155'),
          rect(88, 300, 76, 18, 8, '#1f2937'),
          shape('M104 300Q112 262 118 242H134Q140 262 148 300Z', '#1f2937'),
          rect(106, 232, 40, 12, 6, '#1f2937'),
          circle(126, 214, 20, '#1f2937'),
        ].join(''),
      ),
    ].join(''),

  spinningTop: (c) =>
    [
      ellipse(200, 304, 140, 34, c.dark),
      ellipse(200, 298, 124, 26, c.light),
      line('M100 150Q86 180 100 210M300 150Q314 180 300 210', c.accent, 5, 'opacity=".7"'),
      line('M80 130Q60 180 80 230M320 130Q340 180 320 230', c.accent, 4, 'opacity=".4"'),
      rect(192, 112, 16, 40, 6, c.dark),
      shape('M130 170Q200 124 270 170Q262 200 210 282Q200 296 190 282Q138 200 130 170Z', c.main),
      line('M136 176Q200 206 264 176', c.accent, 12),
      line('M160 216Q200 236 240 216', '#fff', 6),
      shape('M194 284L200 302L206 284Z', '#94a3b8'),
    ].join(''),

  kite: (c) =>
    [
      line('M200 206C160 260 130 290 96 318', '#64748b', 2),
      rect(68, 310, 48, 28, 6, '#b45309'),
      line('M76 310V338M108 310V338', '#78350f', 4),
      shape('M200 56L294 166L200 276L106 166Z', c.main),
      shape('M200 56L294 166H106Z', c.accent),
      circle(200, 166, 24, c.light),
      line('M200 56V276', '#92400e', 4),
      line('M106 166Q200 116 294 166', '#92400e', 4),
      shape('M200 272L182 304H218Z', c.accent),
    ].join(''),

  snakesLadders: (c) => {
    const rail1 = [118, 292, 182, 116];
    const rail2 = [152, 304, 216, 128];
    let rungs = '';
    for (let t = 0.12; t < 0.95; t += 0.14) {
      const p = (r) => [r[0] + (r[2] - r[0]) * t, r[1] + (r[3] - r[1]) * t];
      const [a, b] = [p(rail1), p(rail2)];
      rungs += `M${n(a[0])} ${n(a[1])}L${n(b[0])} ${n(b[1])}`;
    }
    const snake = 'M276 116C330 150 230 170 260 212C290 254 204 262 232 300';
    return [
      `<defs><pattern id="q" width="96" height="96" patternUnits="userSpaceOnUse" x="80" y="80">${rect(0, 0, 96, 96, 0, c.main)}${rect(0, 0, 48, 48, 0, c.light)}${rect(48, 48, 48, 48, 0, c.light)}</pattern></defs>`,
      rect(66, 66, 268, 268, 14, c.dark),
      rect(80, 80, 240, 240, 0, 'url(#q)'),
      line(rungs, '#a16207', 5),
      line(`M${rail1.slice(0, 2).join(' ')}L${rail1.slice(2).join(' ')}`, '#a16207', 7),
      line(`M${rail2.slice(0, 2).join(' ')}L${rail2.slice(2).join(' ')}`, '#a16207', 7),
      line(snake, '#16a34a', 16),
      line(snake, '#facc15', 4, 'stroke-dasharray="2 12"'),
      ellipse(274, 108, 16, 12, '#16a34a'),
      circle(278, 104, 3, '#fff'),
      line('M288 104L302 98M288 104L302 112', '#dc2626', 2),
    ].join('');
  },

  handheld: (c) =>
    [
      rect(128, 56, 144, 288, 24, c.main),
      rect(146, 76, 108, 104, 10, '#334155'),
      rect(158, 88, 84, 78, 4, c.accent),
      rect(158, 150, 84, 16, 0, shade(c.accent, -0.45)),
      rect(170, 128, 12, 22, 0, '#1f2937'),
      rect(206, 110, 14, 14, 0, '#b45309'),
      rect(222, 110, 14, 14, 0, '#b45309'),
      rect(150, 226, 48, 14, 3, '#1f2937'),
      rect(167, 209, 14, 48, 3, '#1f2937'),
      circle(234, 250, 13, c.dark),
      circle(258, 228, 13, c.dark),
      rect(170, 290, 26, 8, 4, '#475569'),
      rect(204, 290, 26, 8, 4, '#475569'),
      line('M232 318L252 304M242 324L262 310', c.dark, 3),
    ].join(''),

  console: (c) =>
    [
      rect(104, 56, 116, 250, 20, c.main),
      rect(158, 56, 8, 250, 0, c.accent),
      line('M120 90H146M120 104H146M120 118H146M178 90H204M178 104H204M178 118H204', c.dark, 3),
      circle(162, 286, 6, '#fff'),
      group('translate(128 124) scale(.66)', gamepad({ ...c, main: c.dark, dark: '#1f2937' })),
    ].join(''),

  puzzle: (c) => {
    const piece =
      'M0 0H35C35 -20 65 -20 65 0H100V35C120 35 120 65 100 65V100H65C65 80 35 80 35 100H0V65C20 65 20 35 0 35Z';
    const arches = (fill) =>
      [20, 44, 68]
        .map((x) => shape(`M${x} 76V50Q${x} 38 ${x + 6} 38Q${x + 12} 38 ${x + 12} 50V76Z`, fill))
        .join('');
    return [
      group('translate(72 178) rotate(-14)', shape(piece, c.accent) + arches(c.light)),
      group('translate(226 190) rotate(12)', shape(piece, '#38bdf8')),
      group('translate(150 88) rotate(4) scale(1.2)', shape(piece, c.main) + arches('#fff')),
    ].join('');
  },

  cube: (c) => {
    const faces = [
      { o: [200, 92], u: [-95, 55], v: [95, 55], fill: '#f8fafc' },
      { o: [105, 147], u: [95, 55], v: [0, 110], fill: c.main },
      { o: [200, 202], u: [95, -55], v: [0, 110], fill: c.accent },
    ];
    const pt = (o, u, v, a, b) => `${n(o[0] + u[0] * a + v[0] * b)} ${n(o[1] + u[1] * a + v[1] * b)}`;
    return faces
      .map(({ o, u, v, fill }) => {
        const outline = `M${pt(o, u, v, 0, 0)}L${pt(o, u, v, 1, 0)}L${pt(o, u, v, 1, 1)}L${pt(o, u, v, 0, 1)}Z`;
        let grid = '';
        for (const k of [1 / 3, 2 / 3]) {
          grid += `M${pt(o, u, v, k, 0)}L${pt(o, u, v, k, 1)}M${pt(o, u, v, 0, k)}L${pt(o, u, v, 1, k)}`;
        }
        return shape(outline, fill) + line(grid + outline, '#1f2937', 6);
      })
      .join('');
  },
};

// ---------- which drawing and colours each product gets ----------

const products = {
  // electronics
  'monsoon-headphones': ['headphones', '#334155', '#38bdf8'],
  'chai-kettle': ['kettle', '#b91c1c', '#fbbf24'],
  'dhoop-solar-power-bank': ['powerbank', '#f59e0b', '#22c55e'],
  'rangoli-speaker': ['speaker', '#db2777', '#facc15'],
  'sitar-soundbar': ['soundbar', '#1e293b', '#f97316'],
  'kanchenjunga-4k-tv': ['tv', '#475569', '#7dd3fc'],
  'kolam-studio-laptop': ['laptop', '#94a3b8', '#6d28d9'],
  'sutradhar-keyboard': ['keyboard', '#0f766e', '#f59e0b'],
  'jugnu-smart-bulb': ['bulbs', '#facc15', '#f9a8d4'],
  'tabla-earbuds': ['earbuds', '#7c2d12', '#fb923c'],
  'pankha-pedestal-fan': ['fan', '#0e7490', '#a5f3fc'],
  'kathakali-camera': ['camera', '#57534e', '#10b981'],
  // fashion
  'handloom-kurta': ['kurta', '#0d9488', '#fbbf24'],
  'temple-border-saree': ['saree', '#9d174d', '#eab308'],
  'leather-flat-sandals': ['sandals', '#92400e', '#fde68a'],
  'bandhani-dupatta': ['dupatta', '#e11d48', '#facc15'],
  'block-print-shirt': ['shirt', '#3730a3', '#e0e7ff'],
  'packable-rain-jacket': ['rainJacket', '#facc15', '#38bdf8'],
  'gully-canvas-sneakers': ['sneaker', '#dc2626', '#1e3a8a'],
  'indigo-stretch-jeans': ['jeans', '#1e40af', '#f59e0b'],
  'jhumka-earrings': ['jhumkas', '#9ca3af', '#be123c'],
  'jute-tote-bag': ['tote', '#d6b77a', '#b45309'],
  'marine-drive-sunglasses': ['sunglasses', '#ca8a04', '#1e3a5f'],
  'raw-silk-nehru-jacket': ['nehruJacket', '#7c2d12', '#fcd34d'],
  // mobiles
  'peacock-phone': ['phoneFeather', '#1e293b', '#134e4a'],
  'tiger-fold-phone': ['phoneFold', '#292524', '#f97316'],
  'mango-lite-phone': ['phoneMango', '#3f3f46', '#86efac'],
  'koel-phone': ['phoneSunrise', '#4c1d95', '#fb923c'],
  'banyan-rugged-phone': ['phoneRugged', '#15803d', '#f97316'],
  'lotus-keypad-phone': ['keypadPhone', '#be185d', '#0ea5e9'],
  'ganga-fast-charger': ['charger', '#f8fafc', '#0ea5e9'],
  'madhubani-phone-cover': ['phoneCover', '#fb7185', '#1e3a8a'],
  'kavach-screen-guard': ['screenGuard', '#bae6fd', '#0f766e'],
  'sangam-braided-cable': ['cable', '#7c3aed', '#f472b6'],
  'saffron-smartwatch': ['smartwatch', '#f97316', '#a3e635'],
  'yatra-selfie-tripod': ['selfieTripod', '#334155', '#38bdf8'],
  // games
  'carrom-clash': ['carrom', '#b91c1c', '#facc15'],
  'cricket-cards': ['cards', '#0369a1', '#f59e0b'],
  'tez-game-controller': ['controller', '#e11d48', '#fde047'],
  'ludo-royale': ['ludo', '#7c2d12', '#fde68a'],
  'chaturanga-chess-set': ['chess', '#a16207', '#fde68a'],
  'lattoo-battle-tops': ['spinningTop', '#dc2626', '#2563eb'],
  'patang-kite-kit': ['kite', '#ec4899', '#facc15'],
  'snakes-ladders-mat': ['snakesLadders', '#fb923c', '#fef3c7'],
  'retro-pocket-console': ['handheld', '#5b21b6', '#a3e635'],
  'nakshatra-console': ['console', '#1e1b4b', '#22d3ee'],
  'hawa-mahal-puzzle': ['puzzle', '#f472b6', '#fb923c'],
  'chakra-speed-cube': ['cube', '#ef4444', '#22c55e'],
};

// ---------- read the catalog, write the files ----------

function readCatalog() {
  const source = fs.readFileSync(catalogFile, 'utf8');
  const entries = [];
  const re =
    /name:\s*(['"])((?:\\.|(?!\1).)*)\1,[\s\S]*?image:\s*['"]\/images\/products\/([a-z0-9-]+)\.svg['"]/g;
  for (const m of source.matchAll(re)) {
    entries.push({ name: m[2].replace(/\\(.)/g, '$1'), slug: m[3] });
  }
  const category = (slug) => {
    const at = source.indexOf(`/images/products/${slug}.svg`);
    const before = source.slice(0, at);
    const m = [...before.matchAll(/category:\s*'([a-z]+)'/g)].pop();
    return m ? m[1] : undefined;
  };
  return entries.map((e) => ({ ...e, category: category(e.slug) }));
}

function render({ name, slug, category }) {
  const spec = products[slug];
  if (!spec) throw new Error(`No drawing for ${slug} (${name}): add it to "products".`);
  const [kind, main, accent] = spec;
  const draw = drawings[kind];
  if (!draw) throw new Error(`Unknown drawing "${kind}" for ${slug}.`);
  const [bg, blob] = backgrounds[category] ?? backgrounds.electronics;
  const colours = { main, accent, dark: shade(main, -0.35), light: shade(main, 0.45) };
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="400" height="400" role="img" aria-labelledby="t">',
    `<title id="t">${escapeXml(name)}</title>`,
    rect(0, 0, 400, 400, 0, bg),
    circle(200, 196, 158, blob),
    ellipse(200, 340, 124, 14, '#0f172a', 'opacity=".1"'),
    draw(colours),
    '</svg>\n',
  ].join('');
}

const catalog = readCatalog();
if (catalog.length === 0) throw new Error(`No products found in ${catalogFile}`);
fs.mkdirSync(outDir, { recursive: true });
let largest = 0;
for (const product of catalog) {
  const svg = render(product);
  largest = Math.max(largest, Buffer.byteLength(svg));
  fs.writeFileSync(path.join(outDir, `${product.slug}.svg`), svg);
}
const unused = Object.keys(products).filter((slug) => !catalog.some((p) => p.slug === slug));
if (unused.length) console.warn(`Drawings not used by the catalog: ${unused.join(', ')}`);
console.log(`Wrote ${catalog.length} images to ${path.relative(root, outDir)} (largest ${largest} bytes).`);
