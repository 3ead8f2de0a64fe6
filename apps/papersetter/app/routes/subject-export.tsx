import { subjectExportAction } from "../dashboards/dashboard.server";

/** Every question of a subject, class and exam in one language, PDF or DOCX (a resource route: no page). */
export { subjectExportAction as action };
