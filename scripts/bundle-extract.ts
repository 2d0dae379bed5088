import { build, type Plugin } from 'esbuild';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

// `docsift extract` as one file: host/dist/main/extract-bundle.js, with the host's extract command,
// the engine and the bundled plugins in it. Loading their ~330 modules one by one took about a
// quarter of the process's CPU time on a one-page PDF (bench/RESULTS.md, "Command line"). Run by
// `npm run build` and `prepare` after `tsc -b`, from the compiled dist folders; the `docsift` bin
// starts it for `extract` (host/bin/docsift.js).

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Loaded as usual, outside the bundle: native modules (sharp, isolated-vm), modules that locate
 * files of their own (tesseract.js its worker script, PDFium its .wasm), modules extract never loads
 * for its own work (the webhook transport's got, the model provider's LangChain), and pino, which is
 * CommonJS and measured no faster inside.
 */
const EXTERNAL = ['pino', 'sharp', 'isolated-vm', 'better-sqlite3', 'tesseract.js', '@embedpdf/pdfium', 'pdf-lib', 'got', '@langchain/*'];

/** The workspace packages the bundle carries, by folder, with the module their name resolves to. */
const PACKAGES = ['core', 'plugins/sor', 'plugins/insurance-cert', 'plugins/template'].map((folder) => {
  const manifest = JSON.parse(readFileSync(path.join(root, folder, 'package.json'), 'utf8')) as { name: string; exports: { '.': { default: string } } };
  return { dir: path.join(root, folder), name: manifest.name, main: path.join(root, folder, manifest.exports['.'].default) };
});

/**
 * Core and the plugins find files next to their modules (tessdata, the detectors' models and
 * training sets) through `import.meta.url`. In the bundle each module's `import.meta.url` becomes
 * its own place in its package, found from the package's main module, so it holds wherever npm
 * installed the package. The host's own modules keep the bundle's URL: the bundle sits at the depth
 * of theirs in host/dist.
 */
const ownModuleUrls: Plugin = {
  name: 'own-module-urls',
  setup(build) {
    build.onLoad({ filter: /\.js$/ }, (args) => {
      const owner = PACKAGES.find((pkg) => args.path.startsWith(`${pkg.dir}${path.sep}`));
      if (!owner) return undefined;
      const source = readFileSync(args.path, 'utf8');
      if (!source.includes('import.meta.url')) return undefined;
      const relative = `./${path.relative(path.dirname(owner.main), args.path).split(path.sep).join('/')}`;
      const url = `new URL(${JSON.stringify(relative)}, import.meta.resolve(${JSON.stringify(owner.name)})).href`;
      return { contents: source.replaceAll('import.meta.url', url), loader: 'js', resolveDir: path.dirname(args.path) };
    });
  },
};

export const EXTRACT_BUNDLE = path.join(root, 'host/dist/main/extract-bundle.js');

/** Builds the bundle; `outfile` must be in host/dist/main, where the host's modules expect to be. */
export async function bundleExtract(outfile = EXTRACT_BUNDLE): Promise<void> {
  await build({
    entryPoints: [path.join(root, 'host/dist/main/extract-main.js')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    external: EXTERNAL,
    // Awilix's build without `loadModules`, which alone brings fast-glob and a dozen more packages;
    // the engine's container here is the command's own and never loads modules by glob.
    alias: { awilix: 'awilix/browser' },
    plugins: [ownModuleUrls],
    logLevel: 'warning',
  });
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await bundleExtract();
