// Words a seller types, mapped to what the engine can do with them.

export const STYLES = ['retro', 'vintage', 'distressed', 'kawaii', 'minimalist', 'neon', 'gothic', 'groovy', 'hand-lettered', 'western', 'comic', 'varsity'] as const;
export type Style = (typeof STYLES)[number];

export const STYLE_WORDS: Record<string, Style> = {
  retro: 'retro', '80s': 'retro', eighties: 'retro', synthwave: 'neon', sunset: 'retro', arcade: 'retro',
  vintage: 'vintage', 'old-school': 'vintage', oldschool: 'vintage', classic: 'vintage', antique: 'vintage', badge: 'vintage', emblem: 'vintage',
  distressed: 'distressed', grunge: 'distressed', worn: 'distressed', faded: 'distressed', weathered: 'distressed', rustic: 'distressed',
  kawaii: 'kawaii', cute: 'kawaii', chibi: 'kawaii', adorable: 'kawaii', pastel: 'kawaii', sweet: 'kawaii',
  minimalist: 'minimalist', minimal: 'minimalist', simple: 'minimalist', clean: 'minimalist', modern: 'minimalist', line: 'minimalist',
  neon: 'neon', glow: 'neon', glowing: 'neon', cyberpunk: 'neon', electric: 'neon',
  gothic: 'gothic', goth: 'gothic', spooky: 'gothic', horror: 'gothic', creepy: 'gothic', metal: 'gothic', blackletter: 'gothic',
  groovy: 'groovy', hippie: 'groovy', '70s': 'groovy', seventies: 'groovy', psychedelic: 'groovy', boho: 'groovy', funky: 'groovy',
  'hand-lettered': 'hand-lettered', handlettered: 'hand-lettered', lettering: 'hand-lettered', handwritten: 'hand-lettered', brush: 'hand-lettered', script: 'hand-lettered', marker: 'hand-lettered',
  western: 'western', cowboy: 'western', cowgirl: 'western', rodeo: 'western', country: 'western', howdy: 'western',
  comic: 'comic', cartoon: 'comic', 'pop-art': 'comic', popart: 'comic', funny: 'comic',
  varsity: 'varsity', college: 'varsity', athletic: 'varsity', team: 'varsity', sports: 'varsity', collegiate: 'varsity',
};

export const COLOURS = ['red', 'orange', 'yellow', 'green', 'teal', 'blue', 'purple', 'pink', 'brown', 'black', 'white', 'rainbow', 'gold', 'pastel'] as const;
export type Colour = (typeof COLOURS)[number];

export const COLOUR_WORDS: Record<string, Colour> = {
  red: 'red', crimson: 'red', scarlet: 'red', maroon: 'red',
  orange: 'orange', coral: 'orange', peach: 'orange',
  yellow: 'yellow', mustard: 'yellow', lemon: 'yellow',
  gold: 'gold', golden: 'gold',
  green: 'green', olive: 'green', mint: 'green', sage: 'green', forest: 'green', emerald: 'green',
  teal: 'teal', turquoise: 'teal', aqua: 'teal', cyan: 'teal',
  blue: 'blue', navy: 'blue', ocean: 'blue', sky: 'blue', cobalt: 'blue',
  purple: 'purple', violet: 'purple', lavender: 'purple', lilac: 'purple',
  pink: 'pink', magenta: 'pink', rose: 'pink', fuchsia: 'pink', blush: 'pink',
  brown: 'brown', coffee: 'brown', chocolate: 'brown', tan: 'brown', beige: 'brown',
  black: 'black', white: 'white', monochrome: 'black',
  rainbow: 'rainbow', colorful: 'rainbow', colourful: 'rainbow', pride: 'rainbow',
  pastel: 'pastel',
};

/** Words that say nothing about what to draw. */
export const FILLER_WORDS = new Set(
  (
    'a an the and or of in on at for to with without by from into over under about as is are be it its this that these those my your our their his her ' +
    'design designs t-shirt tshirt shirt tee tees hoodie sweatshirt mug sticker stickers print prints poster graphic illustration art artwork image picture ' +
    'text letters lettering font typography words quote saying slogan style styled look looking type logo icon background transparent white black ' +
    'big small large bold little very some cool nice awesome best great super funny gift idea ideas lover lovers fan fans theme themed color colors colour colours ' +
    'made make making one two three new old day retro vintage wearing holding riding eating drinking sitting standing steaming ' +
    'hot warm die-cut diecut outline outlined dark light'
  ).split(' '),
);

/** Style and colour words that are also things to draw ('coffee', 'sunset', 'cowboy'). */
export const DRAWABLE_WORDS = new Set(['arcade', 'cowboy', 'cowgirl', 'rodeo', 'coffee', 'ocean', 'sky', 'forest', 'rose', 'lemon', 'peach', 'chocolate', 'mint', 'gold', 'rainbow', 'metal']);
