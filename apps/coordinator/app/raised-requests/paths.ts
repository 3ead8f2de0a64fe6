/** Where a request's detail (JSON) and its attachment load from (routes/paysupport.raised-requests.$id*.tsx). */
export const requestDetailPath = (id: number) => `/paysupport/raised-requests/${id}`;
export const requestAttachmentPath = (id: number) => `/paysupport/raised-requests/${id}/attachment`;
