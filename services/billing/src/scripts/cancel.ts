// Operator command, the local billing portal's cancel button: the subscription stays until its period
// ends, then the account keeps only its top-up credits. `--undo` resumes the renewal.
//   npm run cancel -w services/billing -- <userId|email> [--undo]
import { cancelCommand } from '../operator/commands.js';
import { runCommand } from './run-command.js';

await runCommand('npm run cancel -w services/billing -- <userId|email> [--undo]', (on, target) =>
  cancelCommand(on, target, !process.argv.includes('--undo')),
);
