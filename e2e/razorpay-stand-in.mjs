// A local stand-in for Razorpay for the browser tests (issue 32), started by e2e/serve.mjs unless
// RAZORPAY_API_URL is already set. It speaks Razorpay's REST formats (Basic auth keyId:keySecret;
// POST /v1/orders, GET /v1/orders/{id}/payments, GET /v1/payments?from=&to=, POST
// /v1/payments/{id}/refund; errors as {error:{code, description}}) and serves a Checkout script
// (/v1/checkout.js) that behaves like Razorpay's: `new Razorpay(options).open()` opens a frame from
// the gateway's origin where the payer presses Pay; the payment is captured there and the page's
// `handler` gets {razorpay_payment_id, razorpay_order_id, razorpay_signature}, the signature being
// HMAC-SHA256(order_id + "|" + payment_id) with the key secret the order was made with, as Razorpay
// signs it. Closing the frame calls `modal.ondismiss`. The key secret is learnt from the Basic auth of
// the order's creation: any key is accepted, since each test school sets its own.
import { createHmac, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';

const rid = (prefix) => `${prefix}_${randomBytes(10).toString('base64url').replace(/[^A-Za-z0-9]/g, 'x').slice(0, 14)}`;
const now = () => Math.floor(Date.now() / 1000);
const escapeHtml = (s) => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function checkoutScript(origin) {
  return `(function () {
  var ORIGIN = ${JSON.stringify(origin)};
  function Razorpay(options) { this.options = options; }
  Razorpay.prototype.open = function () {
    var o = this.options;
    var frame = document.createElement('iframe');
    frame.name = 'razorpay-checkout-frame';
    frame.title = 'Razorpay Checkout';
    frame.src = ORIGIN + '/v1/checkout/frame?' + new URLSearchParams({ order_id: o.order_id, key: o.key, amount: String(o.amount), name: o.name || '', description: o.description || '' });
    frame.setAttribute('style', 'position:fixed;inset:0;width:100%;height:100%;border:0;z-index:2147483647;background:rgba(0,0,0,0.5)');
    function onMessage(e) {
      if (e.origin !== ORIGIN || !e.data || e.data.source !== 'razorpay-stand-in' || e.data.orderId !== o.order_id) return;
      window.removeEventListener('message', onMessage);
      frame.remove();
      if (e.data.type === 'success') o.handler(e.data.response);
      else if (o.modal && o.modal.ondismiss) o.modal.ondismiss();
    }
    window.addEventListener('message', onMessage);
    document.body.appendChild(frame);
  };
  window.Razorpay = Razorpay;
})();
`;
}

function checkoutFrame(q) {
  const rupees = (Number(q.get('amount')) / 100).toLocaleString('en-IN', { style: 'currency', currency: 'INR' });
  const order = JSON.stringify(q.get('order_id'));
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Razorpay Checkout (stand-in)</title>
<style>body{margin:0;font-family:sans-serif;display:grid;place-items:center;min-height:100vh}main{background:#fff;border-radius:8px;padding:16px;width:min(320px,90vw);display:grid;gap:12px}button{min-height:44px;font-size:16px}</style></head>
<body><main><h1 style="font-size:18px;margin:0">${escapeHtml(q.get('name'))}</h1><p style="margin:0">${escapeHtml(q.get('description'))}</p>
<p style="margin:0;font-size:20px" data-testid="standin-amount">${escapeHtml(rupees)}</p>
<button id="pay" type="button">Pay ${escapeHtml(rupees)} by UPI</button><button id="fail" type="button">Fail the payment</button><button id="close" type="button">Close</button></main>
<script>
var orderId = ${order};
function tell(type, response) { parent.postMessage({ source: 'razorpay-stand-in', type: type, orderId: orderId, response: response }, '*'); }
function attempt(status) {
  return fetch('/v1/checkout/pay', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ order_id: orderId, status: status }) }).then(function (r) { return r.json(); });
}
document.getElementById('pay').onclick = function () { attempt('captured').then(function (r) { tell('success', r); }); };
document.getElementById('fail').onclick = function () { attempt('failed').then(function () { document.getElementById('fail').textContent = 'Payment failed'; }); };
document.getElementById('close').onclick = function () { tell('dismiss'); };
</script></body></html>`;
}

/** Starts the stand-in on a free loopback port; answers {url, close}. `url` is the origin (no /v1). */
export async function startRazorpayStandIn() {
  /** order id → {order, keyId, secret, payments[]} */
  const orders = new Map();
  const secrets = new Map();
  const server = createServer(async (req, res) => {
    const chunks = [];
    for await (const c of req) chunks.push(c);
    const text = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const path = url.pathname;
    const send = (status, body, type = 'application/json') => {
      res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
      res.end(type === 'application/json' ? JSON.stringify(body) : body);
    };
    const bad = (status, description) => send(status, { error: { code: 'BAD_REQUEST_ERROR', description, source: 'NA', step: 'NA', reason: 'NA', metadata: {} } });
    let body = {};
    try {
      body = text ? JSON.parse(text) : {};
    } catch {
      return bad(400, 'Invalid JSON');
    }
    if (req.method === 'GET' && path === '/v1/checkout.js') return send(200, checkoutScript(`http://${req.headers.host}`), 'application/javascript');
    if (req.method === 'GET' && path === '/v1/checkout/frame') return send(200, checkoutFrame(url.searchParams), 'text/html; charset=utf-8');
    if (req.method === 'POST' && path === '/v1/checkout/pay') {
      const o = orders.get(body.order_id);
      if (!o) return bad(400, 'The id provided does not exist');
      const status = body.status === 'failed' ? 'failed' : 'captured';
      const p = { id: rid('pay'), entity: 'payment', amount: o.order.amount, currency: 'INR', status, order_id: o.order.id, method: 'upi', captured: status === 'captured', amount_refunded: 0, refund_status: null, error_description: status === 'failed' ? 'Payment was unsuccessful as you cancelled it.' : null, created_at: now() };
      o.payments.push(p);
      if (status === 'captured') o.order.status = 'paid';
      const signature = createHmac('sha256', o.secret).update(`${o.order.id}|${p.id}`).digest('hex');
      return send(200, { razorpay_payment_id: p.id, razorpay_order_id: o.order.id, razorpay_signature: signature });
    }
    const auth = /^Basic (.+)$/.exec(req.headers.authorization ?? '');
    const [keyId, secret] = auth ? Buffer.from(auth[1], 'base64').toString('utf8').split(':') : [];
    if (!keyId || !secret || (secrets.has(keyId) && secrets.get(keyId) !== secret)) return bad(401, 'Authentication failed');
    secrets.set(keyId, secret);
    const mine = [...orders.values()].filter((o) => o.keyId === keyId);
    let m;
    if (req.method === 'POST' && path === '/v1/orders') {
      const order = { id: rid('order'), entity: 'order', amount: body.amount, amount_paid: 0, amount_due: body.amount, currency: body.currency, receipt: body.receipt, offer_id: null, status: 'created', attempts: 0, notes: body.notes ?? {}, created_at: now() };
      orders.set(order.id, { order, keyId, secret, payments: [] });
      return send(200, order);
    }
    if (req.method === 'GET' && (m = path.match(/^\/v1\/orders\/([^/]+)\/payments$/))) {
      const o = mine.find((x) => x.order.id === m[1]);
      if (!o) return bad(400, 'The id provided does not exist');
      return send(200, { entity: 'collection', count: o.payments.length, items: o.payments });
    }
    if (req.method === 'GET' && path === '/v1/payments') {
      const from = Number(url.searchParams.get('from') ?? 0);
      const to = Number(url.searchParams.get('to') ?? Number.MAX_SAFE_INTEGER);
      const count = Math.min(100, Number(url.searchParams.get('count') ?? 10));
      const skip = Number(url.searchParams.get('skip') ?? 0);
      const all = mine.flatMap((o) => o.payments).filter((p) => p.created_at >= from && p.created_at <= to).sort((a, b) => b.created_at - a.created_at);
      const items = all.slice(skip, skip + count);
      return send(200, { entity: 'collection', count: items.length, items });
    }
    if (req.method === 'GET' && path === '/v1/settlements/recon/combined') {
      // Unlike Razorpay (two working days later), the stand-in pays out every captured payment at
      // once, one transfer per IST day, keeping 2 % plus 18 % GST on it: a browser test sees it.
      const day = `${url.searchParams.get('year')}-${url.searchParams.get('month')}-${url.searchParams.get('day')}`;
      const istDay = (s) => new Date((s + 19_800) * 1000).toISOString().slice(0, 10);
      const items = mine
        .flatMap((o) => o.payments)
        .filter((p) => p.status === 'captured' && istDay(p.created_at) === day)
        .map((p) => {
          const fee = Math.round(p.amount * 0.02);
          const tax = Math.round(fee * 0.18);
          return { entity_id: p.id, type: 'payment', debit: 0, credit: p.amount - fee - tax, amount: p.amount, currency: 'INR', fee: fee + tax, tax, on_hold: false, settled: true, created_at: p.created_at, settled_at: p.created_at, settlement_id: `setl_${day.replaceAll('-', '')}${keyId.slice(-6)}`, posted_at: null, credit_type: 'default', description: null, notes: null, payment_id: null, settlement_utr: `UTR${day.replaceAll('-', '')}${keyId.slice(-4)}`, order_id: p.order_id, order_receipt: null, method: 'upi', card_network: null, card_issuer: null, card_type: null, dispute_id: null };
        });
      const count = Math.min(1000, Number(url.searchParams.get('count') ?? 1000));
      const skip = Number(url.searchParams.get('skip') ?? 0);
      return send(200, { entity: 'collection', count: Math.min(count, Math.max(0, items.length - skip)), items: items.slice(skip, skip + count) });
    }
    if (req.method === 'POST' && (m = path.match(/^\/v1\/payments\/([^/]+)\/refund$/))) {
      const p = mine.flatMap((o) => o.payments).find((x) => x.id === m[1]);
      if (!p || p.status !== 'captured') return bad(400, 'The id provided does not exist');
      p.amount_refunded = body.amount ?? p.amount;
      p.status = 'refunded';
      p.refund_status = 'full';
      return send(200, { id: rid('rfnd'), entity: 'refund', amount: p.amount_refunded, currency: 'INR', payment_id: p.id, notes: body.notes ?? {}, receipt: null, acquirer_data: { arn: null }, created_at: now(), batch_id: null, status: 'processed', speed_processed: 'normal', speed_requested: body.speed ?? 'normal' });
    }
    return send(404, { error: { code: 'BAD_REQUEST_ERROR', description: 'The requested URL was not found on the server.' } });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}
