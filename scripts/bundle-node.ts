// Bundles a Node entry point with the workspace packages (@repo/*, TypeScript source) inlined and
// every npm package left external, so plain `node` can run it in production.
// Usage: tsx scripts/bundle-node.ts <entry.ts> <out.mjs> [--define NAME=JSON]
import { build } from "esbuild";

const [entry, outfile, ...rest] = process.argv.slice(2);
if (!entry || !outfile) {
  console.error("usage: bundle-node.ts <entry.ts> <out.mjs> [--define NAME=JSON]");
  process.exit(2);
}
const define: Record<string, string> = {};
for (let i = 0; i < rest.length; i++) {
  if (rest[i] === "--define") {
    const [name, value] = (rest[++i] ?? "").split(/=(.*)/s);
    if (name && value) define[name] = value;
  }
}
await build({
  entryPoints: [entry],
  outfile,
  bundle: true,
  platform: "node",
  target: "node20",
  format: "esm",
  sourcemap: true,
  define,
  plugins: [
    {
      name: "externalize-npm-packages",
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith("@repo/") ? undefined : { external: true }));
      },
    },
  ],
  logLevel: "warning",
});
