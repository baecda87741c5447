import type { ConfirmPaymentInput, PaymentOrder } from '@vidyalaya/shared/online-payments';

/** What Razorpay Checkout gives its handler once the payment succeeds. */
interface CheckoutSuccess {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
}
interface CheckoutInstance {
  open(): void;
}
type CheckoutConstructor = new (options: Record<string, unknown>) => CheckoutInstance;

const loaded = new Map<string, Promise<CheckoutConstructor>>();

/** Loads the gateway's Checkout script once (the server's Content-Security-Policy allows exactly this URL). */
function loadCheckout(url: string): Promise<CheckoutConstructor> {
  let p = loaded.get(url);
  if (!p) {
    p = new Promise<CheckoutConstructor>((resolve, reject) => {
      const existing = (window as unknown as { Razorpay?: CheckoutConstructor }).Razorpay;
      if (existing) return resolve(existing);
      const s = document.createElement('script');
      s.src = url;
      s.async = true;
      s.onload = () => {
        const ctor = (window as unknown as { Razorpay?: CheckoutConstructor }).Razorpay;
        if (ctor) resolve(ctor);
        else reject(new Error('checkout missing'));
      };
      s.onerror = () => {
        loaded.delete(url);
        reject(new Error('checkout failed to load'));
      };
      document.head.appendChild(s);
    });
    loaded.set(url, p);
  }
  return p;
}

/**
 * Opens Razorpay Checkout for an order the server made (its key, amount and order id) and answers
 * what the page sends back to the server to record it: the payment id and the signature. Answers
 * null when the payer closes Checkout without paying.
 */
export async function payWithCheckout(order: PaymentOrder, opts: { name: string; description: string; contact?: string }): Promise<ConfirmPaymentInput | null> {
  const Checkout = await loadCheckout(order.checkoutUrl);
  return new Promise((resolve) => {
    const rzp = new Checkout({
      key: order.keyId,
      amount: order.amountPaise,
      currency: 'INR',
      order_id: order.gatewayOrderId,
      name: opts.name,
      description: opts.description,
      prefill: opts.contact ? { contact: opts.contact } : undefined,
      notes: { order: order.id },
      handler: (r: CheckoutSuccess) => resolve({ gatewayPaymentId: r.razorpay_payment_id, signature: r.razorpay_signature }),
      modal: { ondismiss: () => resolve(null) },
    });
    rzp.open();
  });
}
