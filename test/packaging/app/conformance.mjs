// Run by test/packaging/tarballs.test.ts inside a folder where only the packed tarballs are installed:
// the test kit's checks on the example plugin and the bundled ones, as a plugin author runs them.
import { conformanceChecks } from '@docsift/core/testing';
import { lienWaiverPlugin } from '@docsift/example-custom-plugin';
import { insuranceCertPlugin } from '@docsift/plugin-insurance-cert';
import { sorPlugin } from '@docsift/plugin-sor';
import { templatePlugin } from '@docsift/plugin-template';

const report = {};
for (const plugin of [lienWaiverPlugin(), sorPlugin(), insuranceCertPlugin(), templatePlugin()]) {
  const checks = conformanceChecks(plugin);
  const problems = [];
  for (const check of checks) {
    for (const problem of await check.run()) problems.push(`${check.name}: ${problem}`);
  }
  report[plugin.name] = { checks: checks.length, problems };
}
process.stdout.write(JSON.stringify(report));
