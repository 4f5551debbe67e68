/** Typical seller prompts: the contact sheet, the benchmark, the legibility check and the margin tests use them. */
export const SELLER_PROMPTS = [
  "a cat astronaut, 'Space Meow' in retro letters",
  "'Dog Mom' with a cute puppy, kawaii style",
  "'But First, Coffee' with a steaming coffee cup, vintage style",
  "fishing dad with a fish, 'Reel Cool Dad' retro sunset",
  "'Nurse Life' with a heart and stethoscope, cute kawaii style",
  "'Teacher Off Duty' with an apple and books",
  "'Birthday Girl' pink birthday cake",
  'retro sunset with palm trees',
  "'Gym Rat' bold workout design, distressed",
  "'Game On' with a video game controller, neon colors",
  "'Merry Christmas Ya Filthy Animal' christmas tree, hand-lettered",
  "'Spooky Season' skull and pumpkin, gothic",
  "'The Mountains Are Calling' mountain landscape, minimalist",
  "'Stay Groovy' hippie flowers, 70s",
  "'Let's Go Camping' tent and forest, green",
  "'World's Okayest Runner' running shoes",
  "'Plant Lady' potted plants, boho",
  "'Howdy' cowboy boots and horse, western",
  "'Taco Tuesday' tacos, comic style",
  'a majestic lion wearing a crown',
  "'Eat Sleep Code Repeat' laptop, minimalist",
  "'Just a girl who loves dinosaurs' cute dinosaur",
  'a grumpy cat holding a coffee mug',
];

/** One-word, short and long slogans: the layouts must fit each of them in every face. */
export const SLOGAN_LENGTHS = [
  'Howdy',
  'WOW',
  'Game On',
  'Stay Wild',
  'The Mountains Are Calling',
  "Don't Worry, Be Hoppy",
  'Just a girl who loves dinosaurs and coffee',
  'Merry Christmas Ya Filthy Animal From All Of Us',
  'Supercalifragilisticexpialidocious',
];
