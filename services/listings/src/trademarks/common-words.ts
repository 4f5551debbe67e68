/**
 * Everyday English words in groups. The matcher uses the union: a single-word USPTO mark that is an
 * everyday word ("love", "coffee") is not flagged on its own (sellers report such marks are rarely
 * enforced against ordinary use, and flagging them would flag almost every listing; the famous ones
 * are on the denylist), and an everyday short word is not typo-matched ("dog" is not a typo of "dig").
 * The synthetic index generator (bench) builds its million plausible marks from the same groups.
 */
const words = (list: string): string[] => list.trim().split(/\s+/);

export const FUNCTION_WORDS = words(`
  a an the and or but of in on at to for from with without by as is are was be been being am it its
  this that these those my your our their his her him she he we they you me us them i not no yes all
  any some more most less very too so just only also than then when where what who why how here there
  up down out off over under again once into onto about after before while if do does did done have
  has had will would can could shall should may might must let lets get got go goes went gone make
  made one two three four five six seven eight nine ten first last next new old good bad
`);

export const ADJECTIVES = words(`
  happy sad wild free brave bold calm cool warm hot cold sweet sour salty spicy tiny little big huge
  great grand royal golden silver green blue red black white pink purple orange yellow grey gray brown
  dark bright light lucky crazy funny silly cute lovely pretty proud strong smart wise kind gentle
  fierce loyal quiet loud fast slow early late modern vintage retro classic rustic urban rural coastal
  northern southern western eastern true real pure simple fresh clean honest humble noble epic magic
  mystic cosmic lunar solar stellar electric atomic digital natural organic local global daily weekly
  sunny rainy snowy windy stormy misty foggy frosty dusty sandy rocky grassy leafy woody hairy fluffy
  fuzzy cozy comfy sleepy lazy busy hungry thirsty tired salty savage gentle rebel radical social
  secret hidden lost found broken perfect classy sassy nerdy geeky quirky weird wonderful awesome
  amazing beautiful peaceful grateful thankful blessed joyful hopeful faithful fearless restless
  endless timeless ageless boundless careless mindful playful graceful powerful
`);

export const NOUNS = words(`
  dog dogs cat cats mom mama mother dad papa father son daughter sister brother family friend friends
  baby kid kids boy girl girls boys man men woman women lady ladies guy guys wife husband grandma
  grandpa nana aunt uncle teacher nurse doctor runner rider driver farmer hunter fisher fisherman gamer
  coffee tea beer wine whiskey water milk honey bread cake pie pizza taco tacos burger cookie cookies
  donut candy sugar salt pepper spice garden plant plants flower flowers rose roses tree trees forest
  wood woods leaf leaves mountain mountains river lake ocean sea beach island desert valley hill field
  meadow sky sun moon star stars cloud clouds rain snow storm wind fire flame ice stone rock gold iron
  steel horse horses cow cows pig pigs chicken chickens duck ducks goat goats sheep bear bears wolf wolves
  fox lion tiger eagle hawk owl raven crow fish shark whale dolphin turtle frog bee bees butterfly bird
  birds dragon unicorn mermaid pirate ninja robot zombie ghost witch wizard king queen prince princess
  knight warrior hero legend champion boss life love heart soul spirit mind dream dreams hope faith joy
  peace grace glory power energy magic luck fortune freedom nation state city town village country home
  house farm barn ranch cabin camp road trail path journey adventure travel trip ride game games team
  club crew squad tribe gang school class book books art music song songs dance party night day days
  morning evening weekend summer winter spring autumn fall holiday christmas easter halloween birthday
  wedding shirt shirts tee tees hat hats mug mugs cup cups bag bags shoe shoes sock socks jacket hoodie
  apparel clothing company co brand studio shop store market works supply goods outfitters trading
  designs creations collective lab labs factory gear wear threads print prints paper ink press media
  records sound sounds vibes vibe style styles way ways time times world worlds thing things stuff
  money cash coin king kingdom empire republic union alliance society circle point line edge side
  street avenue corner lane bridge tower castle garden yard porch kitchen bakery brewery cellar
  runner runners lover lovers addict addicts expert legend legends life lives mom moms dads teachers
  nurses gamers
`);

export const VERBS = words(`
  love loves run runs running walk walking ride riding play playing live living dream dreaming dance
  dancing sing singing drink drinking eat eating bake baking cook cooking grow growing build building
  make making create creating fly flying swim swimming climb climbing hike hiking fish fishing hunt
  hunting read reading write writing paint painting craft crafting knit knitting sew sewing camp
  camping travel traveling explore exploring rise rising shine shining glow glowing stay keep kept
  hold believe trust need want wish hope fight win lose stop start begin finish chase follow lead
  breathe relax smile laugh rock roll brew pour sip
`);

/** Words of ordinary listings that are not nouns or adjectives above but still everyday ("okayest" is not). */
export const OTHER_EVERYDAY = words(`
  best better worst worse ever never always forever today tomorrow yesterday mr mrs ms miss sir hello
  hi hey yeah ok okay please thanks thank sorry oh wow funny gift gifts lover vibes official certified
  retired professional club squad monday tuesday wednesday thursday friday saturday sunday january february
  march april may june july august september october november december
`);

export const COMMON_WORDS: ReadonlySet<string> = new Set([...FUNCTION_WORDS, ...ADJECTIVES, ...NOUNS, ...VERBS, ...OTHER_EVERYDAY]);

export function isCommonWord(token: string): boolean {
  return COMMON_WORDS.has(token);
}
