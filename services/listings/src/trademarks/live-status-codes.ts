/**
 * Which USPTO case-file status codes count as a live mark, for the importer (the header's
 * `status-code`; each classification has its own status too, which we ignore).
 *
 * Source: USPTO, "Status Codes Table 1", published with the Trademark Applications Documentation
 * (v2.3-20250813) for the `trademark-applications-daily` XML, as named in
 * ../shared/research/seller-workflow.md §A.2. Every code of that table is listed below by number with
 * the table's description (abridged). The table describes a status; it does not say live or dead. That
 * is our reading, the one TSDR's LIVE/DEAD line follows: abandoned, cancelled, expired and record-keeping
 * statuses are dead; an application anywhere in examination, publication, opposition, appeal or the
 * statement-of-use stage, a registration and a registration with post-registration filings are live,
 * and so is a case that can still come back (612 petition to revive received, 715 restored to pendency,
 * 400/403 pending transformation, 973 pending petition or court decision).
 *
 * The list was transcribed from the table's published descriptions as reproduced in public copies
 * (the USPTO's own copy needs a USPTO.gov account since June 2026); check it against the table of the
 * documentation version a new import format brings. A code not listed here is not live: the importer
 * skips it and counts it (`skipped['unknown-status']`), so a new code shows in the import report rather
 * than being guessed.
 */
export const STATUS_CODE_SOURCE = 'USPTO Status Codes Table 1 (Trademark Applications Documentation v2.3-20250813)';

type Status = readonly [live: boolean, description: string];
const LIVE = true;
const DEAD = false;

export const STATUS_CODES: Readonly<Record<string, Status>> = {
  '000': [DEAD, 'unknown'],
  '400': [LIVE, 'IR cancelled; application pending transformation'],
  '401': [DEAD, 'IR cancelled; no transformation filed'],
  '402': [DEAD, 'IR cancelled; case abandoned/cancelled'],
  '403': [LIVE, 'IR cancelled; registration pending transformation'],
  '600': [DEAD, 'abandoned - incomplete response'],
  '601': [DEAD, 'abandoned - express'],
  '602': [DEAD, 'abandoned - failure to respond or late response'],
  '603': [DEAD, 'abandoned - after ex parte appeal'],
  '604': [DEAD, 'abandoned - after inter partes decision'],
  '605': [DEAD, 'abandoned - after publication'],
  '606': [DEAD, 'abandoned - no statement of use filed'],
  '607': [DEAD, 'abandoned - defective statement of use'],
  '608': [DEAD, 'abandoned - after petition decision'],
  '609': [DEAD, 'abandoned - defective divided application'],
  '612': [LIVE, 'petition to revive received'],
  '614': [DEAD, 'abandoned - petition to revive denied'],
  '616': [LIVE, 'revived - awaiting further action'],
  '618': [DEAD, 'abandoned file - backfile'],
  '620': [DEAD, 'backfile application added to database - status not recorded'],
  '622': [DEAD, 'misassigned serial number'],
  '624': [LIVE, 'registered - backfile'],
  '625': [LIVE, 'registration added to the database - status unclear'],
  '626': [DEAD, 'registered - backfile cancelled or expired'],
  '630': [LIVE, 'new application - record initialized, not assigned to examiner'],
  '631': [LIVE, 'new application - divided - initial processing'],
  '632': [LIVE, 'informal application'],
  '638': [LIVE, 'new application - assigned to examiner'],
  '640': [LIVE, 'non-final action counted - not mailed'],
  '641': [LIVE, 'non-final action - mailed'],
  '642': [LIVE, 'inventoried as rejected'],
  '643': [LIVE, 'previous action/allowance count withdrawn'],
  '644': [LIVE, 'final refusal counted - not mailed'],
  '645': [LIVE, 'final refusal - mailed'],
  '646': [LIVE, "examiner's amendment counted - not mailed"],
  '647': [LIVE, "examiner's amendment - mailed"],
  '648': [LIVE, 'action continuing final counted - not mailed'],
  '649': [LIVE, 'action continuing final - mailed'],
  '650': [LIVE, 'suspension inquiry counted - not mailed'],
  '651': [LIVE, 'suspension inquiry - mailed'],
  '652': [LIVE, 'suspension letter counted - not mailed'],
  '653': [LIVE, 'suspension letter - mailed'],
  '654': [LIVE, 'report completed suspension check - case still suspended'],
  '655': [LIVE, "examiner's amendment/priority action counted - not mailed"],
  '656': [LIVE, "examiner's amendment/priority action mailed"],
  '657': [LIVE, 'priority action counted - not mailed'],
  '658': [LIVE, 'priority action mailed'],
  '659': [LIVE, 'subsequent final refusal counted - not mailed'],
  '660': [LIVE, 'subsequent final mailed'],
  '661': [LIVE, 'response after non-final action - entered'],
  '663': [LIVE, 'response after final rejection - entered'],
  '664': [LIVE, 'inventoried as amended'],
  '665': [LIVE, 'notice of unresponsive amendment - counted'],
  '666': [LIVE, 'notice of unresponsive amendment - mailed'],
  '667': [LIVE, 'refusal withdrawal letter - counted'],
  '668': [LIVE, 'refusal withdrawal letter - mailed'],
  '672': [LIVE, 'reinstated - awaiting further action'],
  '673': [LIVE, 'petition granted - awaiting further action'],
  '680': [LIVE, 'approved for publication'],
  '681': [LIVE, 'publication/issue review complete'],
  '682': [LIVE, 'on hold - additional publication review required'],
  '686': [LIVE, 'published for opposition'],
  '688': [LIVE, 'notice of allowance - issued'],
  '689': [LIVE, 'notice of allowance - withdrawn'],
  '690': [LIVE, 'notice of allowance - cancelled'],
  '692': [LIVE, 'withdrawn before publication'],
  '693': [LIVE, 'withdrawn from issue - jurisdiction restored'],
  '694': [LIVE, 'withdrawn before issue'],
  '700': [LIVE, 'registered'],
  '701': [LIVE, 'section 8 - accepted'],
  '702': [LIVE, 'section 8 & 15 - accepted and acknowledged'],
  '703': [LIVE, 'section 15 - acknowledged'],
  '704': [LIVE, 'partial section 8 accepted'],
  '705': [LIVE, 'partial section 8 & 15 accepted and acknowledged'],
  '706': [LIVE, 'section 71 - accepted'],
  '707': [LIVE, 'partial section 71 - accepted'],
  '708': [LIVE, 'partial section 71 & 15 - accepted and acknowledged'],
  '709': [DEAD, 'cancelled - section 71'],
  '710': [DEAD, 'cancelled - section 8'],
  '711': [DEAD, 'cancelled - section 7'],
  '712': [DEAD, 'cancelled by court order (section 37)'],
  '713': [DEAD, 'cancelled - section 18'],
  '714': [DEAD, 'cancelled - section 24'],
  '715': [LIVE, 'cancelled - restored to pendency'],
  '716': [DEAD, 'inadvertently issued registration number cancelled'],
  '717': [LIVE, 'registered - awaiting divisional fee'],
  '718': [LIVE, 'request for first extension - filed'],
  '719': [LIVE, 'request for second extension - filed'],
  '720': [LIVE, 'request for third extension - filed'],
  '721': [LIVE, 'request for fourth extension - filed'],
  '722': [LIVE, 'request for fifth extension - filed'],
  '724': [LIVE, 'extension request refusal - counted'],
  '725': [LIVE, 'extension request refusal - mailed'],
  '730': [LIVE, 'first extension - granted'],
  '731': [LIVE, 'second extension - granted'],
  '732': [LIVE, 'third extension - granted'],
  '733': [LIVE, 'fourth extension - granted'],
  '734': [LIVE, 'fifth extension - granted'],
  '740': [LIVE, 'post registration paper filed - assigned to paralegal'],
  '744': [LIVE, 'statement of use - filed'],
  '745': [LIVE, 'statement of use - informal - letter mailed'],
  '746': [LIVE, 'statement of use - informal - response entered'],
  '748': [LIVE, 'statement of use - to examiner'],
  '752': [LIVE, 'SU - examiner statement counted - not mailed'],
  '753': [LIVE, 'SU - examiner statement - mailed'],
  '756': [LIVE, 'examiner statement counted - not mailed'],
  '757': [LIVE, 'examiner statement - mailed'],
  '760': [LIVE, 'ex parte appeal pending'],
  '762': [LIVE, 'ex parte appeal terminated'],
  '763': [LIVE, 'ex parte appeal - refusal affirmed'],
  '764': [LIVE, 'ex parte appeal dismissed as moot'],
  '765': [LIVE, 'concurrent use proceeding terminated - granted'],
  '766': [LIVE, 'concurrent use proceeding terminated - denied'],
  '771': [LIVE, 'concurrent use proceeding pending'],
  '772': [LIVE, 'interference proceeding pending'],
  '773': [LIVE, 'extension of time to oppose process - terminated'],
  '774': [LIVE, 'opposition pending'],
  '775': [LIVE, 'opposition dismissed'],
  '777': [LIVE, 'opposition terminated - see TTAB records'],
  '778': [LIVE, 'cancellation dismissed'],
  '779': [LIVE, 'opposition sustained'],
  '780': [LIVE, 'cancellation terminated - see TTAB records'],
  '790': [LIVE, 'cancellation pending'],
  '794': [LIVE, 'jurisdiction restored to examining attorney'],
  '800': [LIVE, 'registered and renewed'],
  '801': [LIVE, 'opposition papers filed'],
  '802': [LIVE, 'request for extension of time to file opposition'],
  '803': [LIVE, 'amendment after publication'],
  '804': [LIVE, 'appeal received at TTAB'],
  '806': [LIVE, 'SU - non-final action counted - not mailed'],
  '807': [LIVE, 'SU - non-final action - mailed'],
  '808': [LIVE, 'SU - final refusal counted - not mailed'],
  '809': [LIVE, 'SU - final refusal - mailed'],
  '810': [LIVE, "SU - examiner's amendment counted - not mailed"],
  '811': [LIVE, "SU - examiner's amendment - mailed"],
  '812': [LIVE, 'SU - action continuing final counted - not mailed'],
  '813': [LIVE, 'SU - action continuing final - mailed'],
  '814': [LIVE, 'SU - response after non-final action - entered'],
  '815': [LIVE, 'SU - response after final rejection - entered'],
  '816': [LIVE, 'SU - notice of unresponsive amendment - counted'],
  '817': [LIVE, 'SU - notice of unresponsive amendment - mailed'],
  '818': [LIVE, 'SU - statement of use accepted - approved for registration'],
  '819': [LIVE, 'SU - registration review complete'],
  '820': [LIVE, "SU - examiner's amendment/priority action counted - not mailed"],
  '821': [LIVE, "SU - examiner's amendment/priority action mailed"],
  '822': [LIVE, 'SU - priority action counted - not mailed'],
  '823': [LIVE, 'SU - priority action mailed'],
  '824': [LIVE, 'SU - subsequent final refusal written'],
  '825': [LIVE, 'SU - subsequent final mailed'],
  '900': [DEAD, 'expired'],
  '969': [DEAD, 'non-registration data'],
  '970': [DEAD, 'record created due to assignment request'],
  '973': [LIVE, 'pending petition/court decision'],
};

/** A status code as the table writes it: three digits ("6" is not a header status; 0-padded otherwise). */
function tableCode(code: string | number | undefined): string | null {
  const text = String(code ?? '').trim();
  return /^\d{1,3}$/.test(text) ? text.padStart(3, '0') : null;
}

/** Whether the table knows the code at all (the importer counts unknown ones apart). */
export function isKnownStatus(code: string | number | undefined): boolean {
  const key = tableCode(code);
  return key !== null && key in STATUS_CODES;
}

export function isLiveStatus(code: string | number | undefined): boolean {
  const key = tableCode(code);
  return key !== null && STATUS_CODES[key]?.[0] === LIVE;
}
