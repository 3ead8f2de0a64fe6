import { sifReferralLoader } from "../sif/sif.server";

/** The registration's live referral-code check (a resource route). */
export { sifReferralLoader as loader };
