/** Where the checkout and the result of an order live in the school app (server and browser alike). */
export const checkoutPath = (orderId: number) => `/payment/checkout/${orderId}`;
export const resultPath = (orderId: number) => `/payment/result/${orderId}`;
