import { questionPickerLoader } from "../paper-sets/paper-set.server";

/** The "Add questions" picker's rows as JSON for its dialog (a resource route: no page; PAPER_SET_PICKER_PATH). */
export { questionPickerLoader as loader };
