// The rehearsal's S3 server as a process of its own (its CPU is measured apart): s3rver with the
// bucket "portal" on 127.0.0.1:<port>, objects in <directory> (decision 065). Stops on SIGTERM.
import { startLocalS3 } from "@repo/storage/testing";

const [port, directory] = process.argv.slice(2);
const s3 = await startLocalS3({ port: Number(port), directory, bucket: "portal" });
const stop = () => {
  s3.stop().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
