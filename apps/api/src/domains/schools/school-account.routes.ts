import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { envelope } from "@repo/contracts/envelope";
import { ID_RANGE_MESSAGE, wholeNumber } from "@repo/contracts/ids";
import { ID_MAX } from "@repo/contracts/ids-constants";
import {
  bankDetails,
  bankDetailsBody,
  schoolAdminBody,
  schoolEmailVerifiedData,
  schoolProfile,
  schoolProfileFields,
  schoolRegistrationBody,
  schoolRegistrationData,
  verifySchoolEmailBody,
} from "@repo/contracts/schools";
import {
  CHEQUE_MAX_BYTES,
  SCHOOL_VERIFICATION_RESENDS,
  SCHOOL_VERIFICATION_TTL_HOURS,
} from "@repo/contracts/schools-constants";
import type { Context } from "hono";
import type { AppEnv } from "../../context";
import { actorOf } from "../../kernel/auth/middleware";
import { uploadLimit } from "../../kernel/http/body-limit";
import { ok } from "../../kernel/http/envelope";
import { invalidField } from "../../kernel/http/errors";
import { FormFile, readForm } from "../../kernel/http/multipart";
import { apiRoute, errorResponse } from "../../kernel/http/routes";
import { idParam, json, named } from "../../kernel/http/schemas";
import { validated } from "../../kernel/http/validation";
import { ownSchoolId } from "./ownership";
import {
  adminUpdateSchool,
  REGISTRATION_LEVELS,
  registerSchool,
  registrationRegions,
  resendVerification,
  schoolProfileOf,
  updateOwnProfile,
  verifySchoolEmail,
} from "./school-account";
import {
  type BankOwner,
  CHEQUE_RULE,
  chequeFile,
  getBankDetails,
  ownBankOwner,
  saveBankDetails,
  schoolOwner,
} from "./school-account-bank";

const tags = ["School account"];

const namedProfile = named(schoolProfile, "SchoolProfile");
const profileResponse = named(envelope(namedProfile), "SchoolProfileResponse");
const namedBankDetails = named(bankDetails, "BankDetails");
const bankDetailsResponse = named(envelope(namedBankDetails.nullable()), "BankDetailsResponse");
const regionOption = named(z.object({ id: z.number().int(), name: z.string() }), "RegistrationRegion");

/** The bank form as multipart: bankDetailsBody's fields and an optional cheque file. */
const bankDetailsForm = z.object({
  account_holder: z.string(),
  account_number: z.string(),
  confirm_account_number: z.string(),
  ifsc: z.string().openapi({ example: "SBIN0001234" }),
  bank_name: z.string(),
  branch: z.string(),
  password: z.string().openapi({ description: "The signed-in user's password, to confirm the change" }),
  cancelled_cheque: z
    .any()
    .optional()
    .openapi({ type: "string", format: "binary", description: "JPEG, PNG or PDF by content, at most 5 MB" }),
});

const bankResponses = {
  200: json(bankDetailsResponse, "The saved details, account number masked"),
  404: errorResponse("No such school"),
  413: errorResponse("The cheque file is larger than 5 MB"),
  422: errorResponse("The password is wrong, or the cheque is not a JPEG, PNG or PDF"),
  429: errorResponse("Too many wrong passwords; Retry-After says when to try again"),
};

/** Reads the multipart bank form, validates its fields with the contract and returns the cheque file. */
async function bankForm(c: Context<AppEnv>) {
  const form = await readForm(c, "cancelled_cheque");
  const { cancelled_cheque: cheque, ...fields } = form;
  if (cheque !== undefined && cheque !== "" && !(cheque instanceof FormFile)) {
    throw invalidField("cancelled_cheque", "cancelled_cheque must be a file", 400);
  }
  // The declared form only describes the upload (text fields and a binary file); the fields are
  // the contract's once readForm took the file out, so they are validated here, once.
  return { body: validated(bankDetailsBody, fields), cheque: cheque instanceof FormFile ? cheque : undefined };
}

async function saveFor(
  c: Context<AppEnv>,
  owner: (db: AppEnv["Variables"]["services"]["database"]["db"]) => Promise<BankOwner>,
) {
  const { database, storage } = c.var.services;
  const { body, cheque } = await bankForm(c);
  const saved = await saveBankDetails({ db: database.db, storage }, actorOf(c), await owner(database.db), body, cheque);
  return ok(c, saved, "Bank details saved successfully");
}

const chequeResponses = {
  200: {
    description: "The stored file (JPEG, PNG or PDF)",
    content: {
      "image/jpeg": { schema: z.string().openapi({ format: "binary" }) },
      "image/png": { schema: z.string().openapi({ format: "binary" }) },
      "application/pdf": { schema: z.string().openapi({ format: "binary" }) },
    },
  },
  404: errorResponse("No cancelled cheque is on file"),
};

async function sendCheque(
  c: Context<AppEnv>,
  owner: (db: AppEnv["Variables"]["services"]["database"]["db"]) => Promise<BankOwner>,
) {
  const { database, storage } = c.var.services;
  const file = await chequeFile(database.db, storage, await owner(database.db));
  return c.body(new Uint8Array(file.bytes), 200, {
    "Content-Type": file.contentType,
    "Content-Disposition": `attachment; filename="${file.fileName}"`,
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "private, no-store",
  });
}

/** Routes for school registration, e-mail verification, profile, password and bank details. */
export function registerSchoolAccountRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(
    apiRoute("public", {
      method: "post",
      path: "/api/schools/school-register",
      tags,
      summary: "Register a school (public)",
      description: `Creates the school (active, e-mail not verified) and its school account in one transaction, and mails a single-use verification link valid for ${SCHOOL_VERIFICATION_TTL_HOURS} hours. Rate limited per client.`,
      request: { body: { content: { "application/json": { schema: schoolRegistrationBody } }, required: true } },
      responses: {
        200: json(named(envelope(schoolRegistrationData), "SchoolRegistrationResponse"), "Registered"),
        409: errorResponse("The username or the e-mail address is already registered; `errors` names the field"),
        422: errorResponse("The regions do not form one path down the tree; `errors` names the field"),
        429: errorResponse("Too many registrations from this client; Retry-After says when to try again"),
      },
    }),
    async (c) => {
      const data = await registerSchool(c.var.services.database.db, c.var.services.config, {
        body: c.req.valid("json"),
        clientIp: c.var.clientIp,
        requestId: c.var.requestId,
      });
      return ok(
        c,
        data,
        `Your school is registered. We sent a verification link to ${data.email}; it is valid for ${SCHOOL_VERIFICATION_TTL_HOURS} hours.`,
      );
    },
  );

  app.openapi(
    apiRoute("public", {
      method: "get",
      path: "/api/schools/register/regions",
      tags,
      summary: "Region pickers of the registration form (public)",
      description:
        "One level below a parent: countries; zones of a country (country_id); states of a zone (parent_id, optionally country_id); prants of a state; districts of a prant; cities of a district.",
      request: {
        query: z.object({
          level: z.enum(REGISTRATION_LEVELS),
          parent_id: wholeNumber(z.number().int().positive().max(ID_MAX, ID_RANGE_MESSAGE)).optional(),
          country_id: wholeNumber(z.number().int().positive().max(ID_MAX, ID_RANGE_MESSAGE)).optional(),
        }),
      },
      responses: { 200: json(named(envelope(z.array(regionOption)), "RegistrationRegionList"), "The nodes") },
    }),
    async (c) => {
      const { level, parent_id, country_id } = c.req.valid("query");
      return ok(
        c,
        await registrationRegions(c.var.services.database.db, level, { parentId: parent_id, countryId: country_id }),
      );
    },
  );

  app.openapi(
    apiRoute("public", {
      method: "post",
      path: "/api/school/verify-school-email",
      tags,
      summary: "Verify a school's e-mail address with the link's token (public)",
      request: { body: { content: { "application/json": { schema: verifySchoolEmailBody } }, required: true } },
      responses: {
        200: json(named(envelope(schoolEmailVerifiedData), "SchoolEmailVerifiedResponse"), "Verified"),
        404: errorResponse("The link is not known"),
        409: errorResponse("The link was already used"),
        410: errorResponse("A newer link was sent for the school: this one no longer works"),
        422: errorResponse("The link has expired"),
      },
    }),
    async (c) => {
      const data = await verifySchoolEmail(c.var.services.database.db, c.req.valid("json").token, c.var.requestId);
      return ok(c, data, "Thank you: your school's e-mail address is verified.");
    },
  );

  app.openapi(
    apiRoute("school.profile.edit", {
      method: "post",
      path: "/api/school/verify-school-email/resend",
      tags,
      summary: "Mail the signed-in school a new verification link",
      description: `Earlier links stop working. At most ${SCHOOL_VERIFICATION_RESENDS.max} per hour.`,
      responses: {
        200: json(
          named(envelope(z.object({ email: z.string() })), "SchoolVerificationResendResponse"),
          "A new link is on its way",
        ),
        404: errorResponse("The account has no school"),
        409: errorResponse("The e-mail address is already verified"),
        429: errorResponse("Too many links asked for; Retry-After says when to try again"),
      },
    }),
    async (c) => {
      const { database, config } = c.var.services;
      const data = await resendVerification(database.db, config, actorOf(c));
      return ok(c, data, `We sent a new verification link to ${data.email}.`);
    },
  );

  app.openapi(
    apiRoute("school.profile.edit", {
      method: "get",
      path: "/api/schools/profile",
      tags,
      summary: "The signed-in school's profile",
      responses: { 200: json(profileResponse, "The school"), 404: errorResponse("The account has no school") },
    }),
    async (c) => {
      const db = c.var.services.database.db;
      return ok(c, await schoolProfileOf(db, await ownSchoolId(db, actorOf(c))));
    },
  );

  app.openapi(
    apiRoute("school.profile.edit", {
      method: "post",
      path: "/api/schools/update/{id}",
      tags,
      summary: "Update the signed-in school's own contact details",
      description:
        "Only board, address, PIN code and contact change here; name, category, region and e-mail are the admins'. Any other school's id answers 404.",
      request: {
        params: idParam,
        body: { content: { "application/json": { schema: schoolProfileFields } }, required: true },
      },
      responses: { 200: json(profileResponse, "The updated school"), 404: errorResponse("No such school of yours") },
    }),
    async (c) => {
      const profile = await updateOwnProfile(
        c.var.services.database.db,
        actorOf(c),
        c.req.valid("param").id,
        c.req.valid("json"),
      );
      return ok(c, profile, "School profile updated successfully");
    },
  );

  app.openapi(
    apiRoute("schools.adminEdit", {
      method: "post",
      path: "/api/admin/school/info/update/{id}",
      tags,
      summary: "Change any field of a school (admins)",
      description: "A changed e-mail address is unverified again and receives a new verification link.",
      request: {
        params: idParam,
        body: { content: { "application/json": { schema: schoolAdminBody } }, required: true },
      },
      responses: {
        200: json(profileResponse, "The updated school"),
        404: errorResponse("No such school"),
        409: errorResponse("Another school has this e-mail address"),
        422: errorResponse("The regions do not form one path down the tree"),
      },
    }),
    async (c) => {
      const { database, config } = c.var.services;
      const profile = await adminUpdateSchool(
        database.db,
        config,
        actorOf(c),
        c.req.valid("param").id,
        c.req.valid("json"),
      );
      return ok(c, profile, "School updated successfully");
    },
  );

  app.openapi(
    apiRoute("bankDetails.manage", {
      method: "get",
      path: "/api/bank-details",
      tags,
      summary: "The signed-in account's bank details (account number masked), or null",
      responses: { 200: json(bankDetailsResponse, "The details, or null when none are saved") },
    }),
    async (c) => {
      const db = c.var.services.database.db;
      return ok(c, await getBankDetails(db, await ownBankOwner(db, actorOf(c).userId)));
    },
  );

  app.openapi(
    apiRoute(
      "bankDetails.manage",
      {
        method: "post",
        path: "/api/bank-details",
        tags,
        summary: "Save the signed-in account's bank details",
        description: `Multipart form; needs the password again. The cancelled cheque is accepted by content (JPEG, PNG or PDF), at most ${CHEQUE_MAX_BYTES / 1024 / 1024} MB. The change is logged with the account number masked.`,
        request: { body: { content: { "multipart/form-data": { schema: bankDetailsForm } }, required: true } },
        responses: bankResponses,
      },
      { bodyLimit: uploadLimit(CHEQUE_RULE) },
    ),
    (c) => saveFor(c, (db) => ownBankOwner(db, actorOf(c).userId)),
  );

  app.openapi(
    apiRoute("schools.adminEdit", {
      method: "get",
      path: "/api/school/{id}/bank-details",
      tags,
      summary: "A school's bank details, account number masked (admins)",
      request: { params: idParam },
      responses: { 200: json(bankDetailsResponse, "The details, or null"), 404: errorResponse("No such school") },
    }),
    async (c) => {
      const db = c.var.services.database.db;
      return ok(c, await getBankDetails(db, await schoolOwner(db, c.req.valid("param").id)));
    },
  );

  app.openapi(
    apiRoute(
      "schools.adminEdit",
      {
        method: "post",
        path: "/api/school/{id}/bank-details",
        tags,
        summary: "Save a school's bank details (admins)",
        description: "The same multipart form as POST /api/bank-details; `password` is the admin's own.",
        request: {
          params: idParam,
          body: { content: { "multipart/form-data": { schema: bankDetailsForm } }, required: true },
        },
        responses: bankResponses,
      },
      { bodyLimit: uploadLimit(CHEQUE_RULE) },
    ),
    (c) => saveFor(c, (db) => schoolOwner(db, c.req.valid("param").id)),
  );

  app.openapi(
    apiRoute("bankDetails.manage", {
      method: "get",
      path: "/api/bank-details/cheque",
      tags,
      summary: "The signed-in account's cancelled cheque, as uploaded",
      responses: chequeResponses,
    }),
    (c) => sendCheque(c, (db) => ownBankOwner(db, actorOf(c).userId)),
  );

  app.openapi(
    apiRoute("schools.adminEdit", {
      method: "get",
      path: "/api/school/{id}/bank-details/cheque",
      tags,
      summary: "A school's cancelled cheque, as uploaded (admins)",
      request: { params: idParam },
      responses: chequeResponses,
    }),
    (c) => sendCheque(c, (db) => schoolOwner(db, c.req.valid("param").id)),
  );
}
