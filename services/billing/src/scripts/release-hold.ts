// Operator command: releases the hold a refund or a dispute put on an account, once a person reviewed
// it; the account may reserve credits and have batch rows fed again. The flags stay, released.
//   npm run release-hold -w services/billing -- <userId|email>
import { releaseHoldCommand } from '../operator/commands.js';
import { runCommand } from './run-command.js';

await runCommand('npm run release-hold -w services/billing -- <userId|email>', releaseHoldCommand);
