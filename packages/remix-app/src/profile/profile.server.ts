import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import {
  type AssignmentLevel,
  changePasswordBody,
  PROFILE_PHOTO_MAX_BYTES,
  type UserRecord,
} from "@repo/contracts/auth";
import { MULTIPART_OVERHEAD_BYTES } from "@repo/contracts/request-limits-constants";
import { auth } from "../auth.server";
import { type FormAnswer, formAnswers, parseForm } from "../forms/form-pipeline.server";
import { avatarPath } from "../shell/shell.server";

const LEVEL_NAMES: Record<AssignmentLevel, string> = {
  zone: "Zone",
  state: "State",
  prant: "Prant",
  district: "District",
};

/** What the My Profile page shows of the signed-in user (and what its dialogs start from). */
export interface ProfileDetails {
  username: string;
  /** The person's name: the full name they gave, else the account's name. */
  name: string;
  roleName: string;
  email: string;
  avatarUrl: string | null;
  mobile: string | null;
  mobileVerified: boolean;
  profile: UserRecord["profile"];
  /** The school the account belongs to, when the record names it apart from the user. */
  school: string | null;
  /** A school or institute account's school e-mail and whether it is verified. */
  schoolEmail: UserRecord["user_detail"]["school_email"];
  /** A coordinator's regions, "State: Maharashtra"; the first is the shell's `assignment`. */
  regions: { label: string; value: string }[];
  assignment?: string | undefined;
}

/**
 * The page's view of GET /api/user. The school is named apart from the user where it is not the
 * account's own name (a school account goes by its school's name: not repeated).
 */
export function profileDetails(user: UserRecord): ProfileDetails {
  const name = user.profile.full_name || user.name;
  const detail = user.user_detail;
  const school = detail.school_name && detail.school_name !== detail.name ? detail.school_name : null;
  return {
    username: user.username,
    name,
    roleName: user.role_name,
    email: user.email,
    avatarUrl: avatarPath(user.profile_photo),
    mobile: user.mobile,
    mobileVerified: user.mobile_verified,
    profile: user.profile,
    school,
    schoolEmail: detail.school_email,
    regions: detail.assignments.map((a) => ({ label: LEVEL_NAMES[a.level], value: a.coordinatable_name })),
    assignment: detail.assignments[0]?.coordinatable_name,
  };
}

/** /view-profile: every role's own page of its account; the dialogs' forms post to /profile. */
export async function profilePageLoader({ request, context }: LoaderFunctionArgs) {
  const { user, csrf } = await auth.requirePage(request, context, "self.profile");
  return { profile: profileDetails(user), csrf };
}

/** The form pipeline's answer, naming which of the dialog's forms it answers. */
export interface ProfileActionData extends FormAnswer {
  intent: "change-password" | "update-profile" | "send-otp" | "verify-otp";
}

type ProfileIntent = ProfileActionData["intent"];
const isIntent = (intent: string): intent is ProfileIntent =>
  intent === "change-password" || intent === "update-profile" || intent === "send-otp" || intent === "verify-otp";

/**
 * /profile (POST): the My Profile dialog's forms. Each is checked here with
 * the same rules as in the browser, then by the API; the API's answer is shown as it is.
 */
export async function profileAction({ request, context }: ActionFunctionArgs) {
  const form = await auth.readForm(request, context, { maxBytes: PROFILE_PHOTO_MAX_BYTES + MULTIPART_OVERHEAD_BYTES });
  const intent = String(form.get("intent") ?? "");
  const { api } = await auth.requireAction(request, context, form, "self.profile");
  if (!isIntent(intent)) {
    return formAnswers<ProfileActionData>({ intent: "update-profile" }).fail(`Unknown action "${intent}"`, 400);
  }
  const { fail, failFromApi, done } = formAnswers<ProfileActionData>({ intent });

  if (intent === "change-password") {
    const parsed = parseForm(form, changePasswordBody);
    if (!parsed.ok) return fail(parsed.errors[0]?.message ?? "Check the form", 400, parsed.errors);
    const { data: result, error, response } = await api.POST("/api/change-password", { body: parsed.data });
    if (!result) return failFromApi({ error, response }, "Could not change the password");
    return done(result.message);
  }

  if (intent === "update-profile") {
    const photo = form.get("profile_photo");
    if (photo instanceof File && photo.size > PROFILE_PHOTO_MAX_BYTES) {
      const message = "The photo must be at most 2 MB";
      return fail(message, 413, [{ field: "profile_photo", message }]);
    }
    const body = new FormData();
    for (const field of ["full_name", "designation", "team"] as const) body.set(field, String(form.get(field) ?? ""));
    if (photo instanceof File && photo.size > 0) body.set("profile_photo", photo, photo.name);
    const {
      data: result,
      error,
      response,
    } = await api.POST("/api/update-profile", {
      // The API reads multipart; openapi-fetch passes FormData through unchanged.
      body: body as unknown as { full_name: string },
      bodySerializer: (value) => value as unknown as FormData,
    });
    if (!result) return failFromApi({ error, response }, "Could not update the profile");
    return done(result.message);
  }

  const mobile = String(form.get("mobile") ?? "");
  if (intent === "send-otp") {
    const {
      data: sent,
      error,
      response,
    } = await api.POST("/api/send-mobile-otp-after-login", {
      params: { query: { mobile, type: "verify-mobile" } },
    });
    if (!sent) return failFromApi({ error, response }, "Could not send the code");
    return done(sent.message);
  }
  const {
    data: verified,
    error,
    response,
  } = await api.POST("/api/verify-mobile-otp-after-login", {
    body: { mobile, otp: String(form.get("otp") ?? ""), type: "verify-mobile" },
  });
  if (!verified) return failFromApi({ error, response }, "Could not check the code");
  return done(verified.message);
}
