import type { OpenAPIHono } from "@hono/zod-openapi";
import { envelope } from "@repo/contracts/envelope";
import { invoiceQuery, paymentHistoryPage, paymentHistoryQuery } from "@repo/contracts/payment-history";
import { z } from "zod";
import type { AppEnv } from "../../context";
import { signedIn } from "../../kernel/auth/middleware";
import { fileResponse } from "../../kernel/files";
import { ok } from "../../kernel/http/envelope";
import { apiRoute, errorResponse } from "../../kernel/http/routes";
import { json, named } from "../../kernel/http/schemas";
import { invoiceOf, listPaymentHistory } from "./history";
import { renderInvoicePdf } from "./invoice-document";

const tags = ["Payments"];
const payerOf = (c: { var: AppEnv["Variables"] }) => {
  const auth = signedIn(c);
  return { userId: auth.userId, roleId: auth.roleId };
};

/** A payer's orders and the invoice of each paid one (payment-history, generate-school-payment-invoice; decision 017). */
export function registerPaymentHistoryRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(
    apiRoute("payments.history", {
      method: "get",
      path: "/api/payment-history",
      tags,
      summary: "Page through the signed-in payer's orders, newest first",
      description:
        "A school account sees the orders its school placed (not those its students placed themselves), a master institute those it placed for its schools. Filter by the day the order was created (India time, inclusive) and by status.",
      request: { query: paymentHistoryQuery },
      responses: {
        200: json(
          envelope(named(paymentHistoryPage, "PaymentHistoryPage")).openapi("PaymentHistoryResponse"),
          "A page of orders",
        ),
      },
    }),
    async (c) => ok(c, await listPaymentHistory(c.var.services.database.db, payerOf(c), c.req.valid("query"))),
  );

  app.openapi(
    apiRoute("payments.invoice", {
      method: "get",
      path: "/api/generate-school-payment-invoice",
      tags,
      summary: "The invoice of a paid order (PDF)",
      description:
        "Numbered per exam year without gaps, with the programme's and the payer's details, one line per student and the total, names as written in any script. The payer's own orders only; pay support and admins may open any.",
      request: { query: invoiceQuery },
      responses: {
        200: {
          description: "The invoice",
          content: { "application/pdf": { schema: z.string().openapi({ format: "binary" }) } },
        },
        404: errorResponse("No such order of yours"),
        409: errorResponse("The order is not paid, so it has no invoice yet"),
      },
    }),
    async (c) => {
      const { services } = c.var;
      const { document, fileName } = await invoiceOf(
        services.database.db,
        payerOf(c),
        c.req.valid("query").order_id,
        services.config.invoiceIssuer,
      );
      const bytes = await renderInvoicePdf(services.pdf, document);
      return fileResponse(c, { bytes, fileName, mime: "application/pdf", inline: false });
    },
  );
}
