/** Where a request's detail (JSON) and its attachment load from (routes/payment.raised-requests.$id*.tsx). */
export const requestDetailPath = (id: number) => `/payment/raised-requests/${id}`;
export const requestAttachmentPath = (id: number) => `/payment/raised-requests/${id}/attachment`;
