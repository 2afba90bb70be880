// autocannon setupRequest hook for POST /api/vega/log, loaded by autocannon's worker thread
// (worker threads can only take a function as a CommonJS file, hence plain JS here).
//
// Each request logs an event at a different past moment: 3 to 1,000 days ago, 10:00–13:59
// local time (never in a DST gap, and in the past whatever the family's zone). Logging
// everything at "now" would pile thousands of benchmark events into today, and every later
// write (which recomputes the live status over the last 14 days) would pay for them.
'use strict';

const DAY = 24 * 3600 * 1000;
const TYPES = [
  { type: 'milk', ml: 120 },
  { type: 'nappy', kind: 'wet' },
  { type: 'sleep' },
  { type: 'solid', foods: ['banana', 'porridge'], meal_type: 'meal' },
];
const pad = (n) => String(n).padStart(2, '0');

module.exports = function setupRequest(req) {
  const daysAgo = 3 + Math.floor(Math.random() * 998);
  const date = new Date(Date.now() - daysAgo * DAY).toISOString().slice(0, 10);
  const time = `${pad(10 + Math.floor(Math.random() * 4))}:${pad(Math.floor(Math.random() * 60))}:${pad(Math.floor(Math.random() * 60))}`;
  const event = TYPES[Math.floor(Math.random() * TYPES.length)];
  return { ...req, body: JSON.stringify({ ...event, ts: `${date}T${time}` }) };
};
