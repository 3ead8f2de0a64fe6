/** Where the order dialog loads one order from (routes/paysupport.order.$id.tsx). */
export const orderDetailPath = (id: number) => `/paysupport/order/${id}`;
