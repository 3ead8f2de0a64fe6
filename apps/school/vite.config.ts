import { remixAppConfig } from "@repo/remix-app/vite";

export default remixAppConfig("school");
