/** The school app's address of a paid order's invoice PDF (routes/payment.invoice.$order.tsx). */
export const invoicePath = (orderId: number) => `/payment/invoice/${orderId}`;
