// Operator command: start the next billing period of a local (non-Stripe) subscription now, so that
// renewal and rollover can be seen working without waiting a month. A subscription set to cancel at
// the period end ends instead (its plan credits expire, top-up credits stay).
//   npm run renew -w services/billing -- <userId|email>
import { renewCommand } from '../operator/commands.js';
import { runCommand } from './run-command.js';

await runCommand('npm run renew -w services/billing -- <userId|email>', renewCommand);
