// s3rver ships no types: the few calls `testing.ts` makes.
declare module "s3rver" {
  import type { Server } from "node:http";
  export default class S3rver {
    constructor(options: {
      address?: string;
      port?: number;
      directory?: string;
      silent?: boolean;
      configureBuckets?: { name: string }[];
    });
    httpServer?: Server;
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
