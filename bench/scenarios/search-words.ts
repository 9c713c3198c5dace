/**
 * The search benchmark's vocabulary: common English function words (the most frequent
 * ranks, as in real text: MarkLogic keeps no stop-word list, so they are indexed and
 * searchable like any word), a few thousand content words in several inflected forms
 * (so stemmed matching has something to do), and collocations that give phrase queries
 * real hits. Plain ASCII, lower case; the generator capitalises sentence starts.
 */

/** Ordered by frequency in English text, roughly: rank 1 is "the". */
const FUNCTION_WORDS = `
the of and to a in is that it for was on with as be by at this are from or have an
not but had his they which you were her she there all their has been one if would
will we more can when who so no its our may them what out about up than into only
other also some could these then two time any after most over such new first should
because each those much very through where between both under while before being
many must well three same own just even made like any still here every however
`;

const CONTENT_WORDS = `
account accounts accounting act action actions active activity actor address addresses
adult advance advanced advantage advice affair age agency agent agents agreement air
aircraft airport alarm album alcohol alley amount analysis analyst angle animal animals
announcement answer answers anxiety apartment appeal apple apples application applications
appointment approach approval april area areas argument arm army arrangement arrival art
article articles artist artists aspect assembly assessment asset assets assistance assistant
association atmosphere attack attempt attention attitude audience august author authors
authority autumn average award awareness baby back background bag bags bakery balance
ball band bank banks bar base basket basketball bath bathroom battery battle beach beam
bean beans bear beauty bed bedroom beer beginning behavior belief bell belt bench benefit
benefits bicycle bike bill bills bird birds birth birthday biscuit bit bite blade blanket
block blood blow board boat boats body bone bones bonus book books boot boots border
bottle bottles bottom bowl box boxes boy brain branch branches brand brands bread break
breakfast breath brick bridge brother brush bucket budget bug building buildings bulb
bunch burden bus business butter button buyer cabin cabinet cable cake calendar call
camera cameras camp campaign canal cancer candidate candle canvas cap capacity capital
captain car card cards care career carpet carrot cars case cases cash castle cat cats
category cattle cause ceiling cell cellar center century chain chair chairs chalk challenge
champion chance change changes channel chapter character charge chart check cheek cheese
chef chemical chemistry chest chicken chief child children chimney chip chocolate choice
church cinema circle citizen city claim class classic classroom clay clerk client climate
clock cloth clothes cloud clouds club coach coal coast coat code coffee coin coins collar
colleague collection college colour column combination comfort command comment commerce
commission committee communication community company comparison competition complaint
component computer computers concept concert conclusion condition conditions conference
confidence connection consequence construction consumer contact container content contest
context contract contribution control conversation cook cookie copper copy corn corner
cost costs cottage cotton couch council count counter country county couple courage course
court cousin cover cow crack craft crash cream creature credit crew crime criticism crop
crops cross crowd crown culture cup cupboard currency curtain curve cushion customer
customers cycle dad damage dance danger data database date daughter day days deal dealer
death debate debt decade decision deck definition degree delay delivery demand department
deposit depth description design designer desk detail details development device devices
diamond diary diet difference difficulty dinner direction director dirt disaster discount
discussion disease dish disk display distance distribution district doctor document
documents dog dogs doll door doors dot draft drama drawer drawing dream dress drink drive
driver drop drum duck dust duty eagle ear earth ease east edge edition editor education
effect effects effort egg eggs election electricity element elephant elevator emergency
emotion employee employer energy engine engineer engineering engines entrance entry
environment episode equipment error errors estate evening event events evidence exam
example examples exchange exercise exhibition exit experience expert explanation
expression extent eye eyes fabric face fact factor factory failure fairness faith fall
family fan farm farmer farmers fashion father fault fear feather feature features fee
feedback feeling fence festival fiction field fields figure file files film films finance
finger fire fish fishing flag flame flight floor flour flower flowers fly focus fog food
foot football force forest form format fortune foundation fountain fox frame freedom
friend friends friendship frog fruit fuel fun function funeral furniture future gallery
game games garage garden gardens gate gear gene generation gift girl glass glasses glove
goal goat gold golf government grade grain grandfather grandmother grape graph grass
gravity ground group groups growth guard guest guests guide guitar gun habit hair half hall
hammer hand handle hands harbor hardware harm hat head health heart heat height helicopter
hero highway hill history hobby hole holiday home honey hook hope horse horses hospital
host hotel hour hours house household houses housing human hunger husband ice idea ideas
image images impact importance improvement incident income increase index industry
infection inflation information injury ink insect insects inside inspection instance
instruction instrument insurance intention interest internet interview introduction
investment iron island issue issues item items jacket jam jar jazz jeans jelly jewel job
jobs joke journal journey judge judgment juice jump jungle jury kettle key keyboard keys
kid kids king kitchen kite knee knife knowledge label laboratory ladder lady lake lamp
land landscape language laptop laugh law lawyer layer leader leadership leaf league leather
lecture leg legend lemon length lesson letter letters level library license lid life lift
light limit line lines link lion lip liquid list literature loan location lock log look
loss love luck lunch machine machines magazine magic mail manager map maps marble march
margin mark market markets marriage mask mass master match material materials math matter
maximum meal meaning measure meat mechanic media medicine meeting member members memory
menu message metal method methods middle midnight milk mind mine minimum minister minute
minutes mirror mission mistake mixture model models moment money monitor monkey month
months mood moon morning mortgage mother motor mountain mountains mouse mouth movie movies
mud muscle museum mushroom music name nation nature neck need needle neighbor neighborhood
nerve nest net network news newspaper night noise north nose note notes notice novel
number numbers nurse nut nuts object ocean offer office officer oil onion opening opera
operation opinion opportunity option orange order orders organization outcome oven owner
oxygen pack package page pages pain paint painting pair palace pan panel paper papers
parent parents park parking part partner parts party passage passenger passion password
past path patient pattern payment peace peak pen pencil penalty people pepper percentage
performance period permission person personality perspective phase philosophy phone photo
photograph photos phrase physics piano picture pictures pie piece pig pillow pilot pin
pipe pitch pizza place plan plane planet plans plant plants plastic plate platform play
player players pleasure plenty pocket poem poet poetry point police policy politics pool
population port portion position possession post pot potato potatoes pound powder power
practice preference preparation presence present president pressure price prices pride
priest prince principle print printer priority prison problem problems procedure process
produce product production products profession professor profile profit program programs
progress project projects promise proof property proposal protection protein purchase
purpose quality quantity quarter queen question questions quote rabbit race radio rail
rain range rate ratio reaction reader reading reality reason receipt recipe recipes
recognition record recording records recovery reflection region relation relationship
release religion rent repair report reports representative republic reputation request
requirement research reserve resident resource resources response responsibility rest
restaurant result results review reviews revolution reward rhythm rice ride ring risk
river road roads rock role roof room rooms root rope rose round route routine row rule
rules safety sail salad salary sale salt sample sand sandwich satisfaction sauce scale
scene schedule scheme school schools science scientist score screen script sea search
season seat second secret secretary section sector security seed seeds selection sense
series servant service services session setting shade shadow shape share sheep shelf
shell shelter shift ship shirt shock shoe shoes shop shopping shore shoulder show shower
side sign signal signature silence silk silver singer sister site situation size skill
skills skin sky sleep slice slope smell smile smoke snake snow soap society sock socks
sofa software soil soldier solution song songs sound soup source south space speaker
speech speed spirit sport sports spot spring square stable staff stage stair stamp stand
standard star stars start state statement station statue steak steam steel step stick
stock stomach stone stones storage store stores storm story stove strategy straw stream
street strength stress string structure student students studio study stuff style subject
success sugar suggestion suit summer sun supermarket supply support surface surgery
surprise survey suspect sweater swim system systems table tablet tail talent tank tap
target task taste tax taxi tea teacher teachers team technology teeth telephone
television temperature tennis tension tent term terms test text theater theme theory
thing things thought thread throat ticket tie tiger timber tip tire title toast today toe
toilet tomato tomorrow tone tongue tool tools tooth top topic total touch tour tourist
towel tower town toy track trade tradition traffic trail train training transport trap
travel tray treasure treatment tree trees trend trial trick trip trouble truck trust truth
tube tune tunnel turn twin type uncle union unit universe university user users valley
value values van variety vegetable vegetables vehicle version vessel victim video view
village violin virus visit visitor voice volume vote wage wagon waiter wall wallet war
warning wash watch water wave wax way weakness wealth weapon weather web wedding week
weekend weight west wheat wheel whistle wife wind window windows wine wing winner winter
wire wisdom woman women wood wool word words work worker workers world wound writer
writing yard year years yellow yesterday youth zone zoo

accept accepted accepting achieve achieved add added adding adjust adjusted admit admire
adopt advise affect afford agree agreed aim allow allowed announce answer apply applied
appear appeared appreciate argue arrange arrive arrived ask asked assume attach attend
avoid bake baked balance bathe become began begin behave believe belong bend bite blend
blink boil boiled borrow bother bounce bring broke build built burn buy bought calculate
carry carried catch caught celebrate change changed charge chase cheer choose chose clean
cleaned climb climbed close closed collect collected combine compare compared compete
complain complete completed concentrate concern confirm connect connected consider
considered contain continue continued contribute convert cook cooked copy correct count
counted cover covered crawl create created cross crush cry cut cycle damage dance decide
decided declare decorate deliver delivered depend describe described deserve design
designed destroy detect develop developed die dig disagree discover discovered discuss
discussed divide drag draw drew dream dress drink drive drop dropped dry earn eat edit
educate embrace employ enable encourage end ended enjoy enjoyed enter entered escape
establish estimate examine exist expand expect expected explain explained explore
explored express extend face fail failed fasten fetch fill filled find finish finished fit
fix fixed float flow fold follow followed forget forgive form found gather gathered
generate give given glow grab greet grind grow growing grew guarantee guess handle hang
happen happened hate hear heard heat help helped hide hire hold hope hoped hunt hurry
identify ignore imagine improve improved include included increase increased indicate
influence inform insist install installed intend introduce invent invest invite involve
join joined judge jump keep kept kick kill knock know knew land last laugh launch lead
learn learned leave lend lie lift like limit listen listened live lived load locate lock
look looked lose lost love maintain manage managed mark marry match matter measure meet
mention mentioned mix move moved multiply name need needed negotiate notice noticed obey
object observe obtain occur offer offered open opened operate order organize own pack
paint park participate pass passed pause perform permit persuade pick place plan planned
plant play played point polish pour practice prefer prepare prepared present preserve
press pretend prevent print produce produced promise protect protected prove provide
provided publish published pull punch purchase push put qualify question race rain raise
reach reached read realize receive received recognize recommend record recorded recover
reduce reduced reflect refuse regret reject relax release rely remain remember remove
removed repair repeat replace replaced reply report represent request require required
rescue research reserve resist respond rest retire return returned reveal ride ring rise
risk roll rub run running rush save saved scan scratch search select sell send sent
separate serve served settle shake share shave shine shoot shop shout show shut sign sing
sink sit ski slip smash smell smile sneeze solve sort speak spell spend spill split spray
spread squeeze stack stain stand stare start started stay steer step stir stop stopped
store stretch strike study submit succeed suffer suggest supply support suppose surprise
surround survive suspect swing switch take talk taste teach tear tell test thank think
threaten throw tick tie touch tour trace trade train transfer translate travel treat
tremble trust try turn type understand unite unlock unpack update upgrade use used value
vanish visit visited wait waited walk walked wander want warn wash watch wave wear weigh
welcome whisper win wish wonder work worked worry wrap write wrote yawn yield

able absent absolute abstract academic acceptable accurate active actual acute adequate
adorable afraid aggressive agricultural alert alive ancient angry annual anxious apparent
appropriate artificial asleep attractive automatic available average awful basic beautiful
bitter blank blind bold bored boring brave brief bright brilliant broad broken brown busy
calm capable careful casual central certain cheap chemical civil classic clean clear
clever close cloudy cold comfortable commercial common competitive complete complex
confident conscious conservative considerable constant contemporary cool correct creative
critical crowded cultural curious current cute daily damp dangerous dark dead dear decent
deep delicate delicious dependent desperate different difficult digital direct dirty
distant domestic double dramatic dry due eager early eastern easy economic efficient
elderly electric electronic elegant emotional empty encouraging enormous entire equal
essential ethical even evident exact excellent excited exciting expensive experienced
extra extreme fair familiar famous fancy fantastic far fast fat federal female fierce
final financial fine firm fit flat flexible fluffy foreign formal former fortunate free
frequent fresh friendly frozen full funny general generous gentle genuine giant glad
global golden good gorgeous grand grateful great green grey guilty handsome happy hard
harsh healthy heavy helpful hidden high historical honest hot huge humble hungry
ideal illegal immediate important impossible impressive independent industrial informal
innocent intelligent intense interesting internal international joint junior kind large
late latest lazy leading legal light likely limited little live local lonely long loose
loud lovely low loyal lucky mad magnificent main major male mean medical mental mild
military minor mobile modern moral narrow national native natural nearby neat necessary
negative nervous new nice noble normal notable numerous obvious odd official old open
opposite ordinary organic original outdoor outstanding overall painful pale parallel
patient peaceful perfect permanent personal physical plain pleasant polite political poor
popular positive possible powerful practical precious pregnant pretty previous primary
private professional proper proud public pure quick quiet rapid rare raw ready real
reasonable recent regular relevant reliable remarkable remote responsible rich right rough
round royal rural sad safe scared secure senior sensitive separate serious severe sharp
shiny short shy significant silent silly similar simple single slim slow small smart smooth
social soft solid sophisticated sore sorry sour southern spare special specific spicy
splendid stable steady steep sticky stiff strange strict strong stupid successful sudden
sufficient suitable super sure surprised sweet swift talented tall tasty technical
temporary tender terrible thick thin tight tiny tired total tough traditional tropical
true typical ugly ultimate unable unique unusual upper upset urban urgent useful usual
valuable various vast vital warm weak wealthy weird western wet whole wide wild willing
wise wonderful wooden worried worth wrong young

abroad absolutely actually almost already always anyway apparently approximately barely
briefly carefully certainly clearly closely completely constantly currently definitely
deliberately directly early easily effectively entirely equally especially essentially
eventually exactly extremely fairly finally firmly fortunately frankly freely frequently
fully generally gently gradually greatly hardly heavily highly honestly hopefully
immediately increasingly indeed initially instantly largely lately likely literally
loudly mainly merely mostly naturally nearly necessarily normally obviously occasionally
often originally partly perfectly perhaps personally physically possibly precisely
previously primarily probably properly quickly quietly rapidly rarely readily really
recently regularly relatively roughly seldom seriously sharply shortly significantly
similarly simply slightly slowly smoothly sometimes somewhat soon specifically steadily
strictly strongly suddenly surely tightly together truly typically ultimately unfortunately
usually virtually widely yet

acid algae alloy amber anchor antenna anvil apron arch archive arrow ash atlas attic avenue
axle bacon badge ballet bamboo banner barn barrel basin beacon beard beetle berry blossom
blueprint bonfire booth bracket breeze brochure bronze buckle buffalo bundle cabbage cactus
canoe canyon caravan cargo carnival cathedral cedar cello chapel charcoal cherry chestnut
chisel cider cinnamon citadel clam cliff clover cobalt cocoa compass coral corridor crater
crystal cucumber dagger daisy dial dolphin dome dragon drizzle dune easel eclipse elbow
ember engraving falcon fern ferry fiddle fig fjord flask flute forge fossil galaxy garlic
gazette geyser ginger glacier goblet granite gravel greenhouse gull harp harvest hazel
hedge helmet hive horizon hurricane hut igloo inlet ivory jade jasmine kayak kernel kiln
lagoon lantern lava lavender lichen lighthouse lilac linen lobster locket loom lumber
magnet mango maple marsh meadow melody mill mint moss mosaic nectar nutmeg oak oar oasis
olive orchard orchid otter owl paddle pantry parchment parrot pasture pavilion peach pebble
pelican penguin pepper pine plum pond porch prairie prism pumpkin quarry quartz quill
raft raven reef ridge robin saddle saffron sapphire satchel scarf scroll seashell sequoia
shrub sled slate sparrow spice spruce squirrel stallion steeple summit swan sycamore
tapestry thistle thunder tide timberland torch tortoise trellis tulip turbine turtle
umbrella vault velvet vineyard violet volcano walnut walrus waterfall whale wheelbarrow
willow windmill wren yacht yarn
`;

/** Two-word phrases that occur often enough in the generated text for phrase queries to have hits. */
export const COLLOCATIONS = `
customer service|real estate|climate change|public health|high school|credit card|
social media|data analysis|health care|market share|interest rate|power supply|
supply chain|weather forecast|city council|road trip|kitchen table|garden party|
research project|safety equipment|press release|board meeting|family history|
training program|water supply|price increase|energy policy|fire station|bus station|
product review|user interface|world record|summer holiday|winter coat|coffee shop|
police officer|music festival|art gallery|football team|phone call|bank account|
job interview|shopping list|birthday party|traffic jam|book club|science fiction|
train station|olive oil|tomato sauce|golden retriever|solar panel|wooden table
`
  .split('|')
  .map((p) => p.trim())
  .filter((p) => p !== '');

const words = (text: string) => text.split(/\s+/).filter((w) => w !== '');

/** Function words first (most frequent), then the content words, each once. */
export function vocabulary(): { functionWords: string[]; contentWords: string[] } {
  const functionWords = [...new Set(words(FUNCTION_WORDS))];
  const taken = new Set(functionWords);
  const contentWords = [...new Set(words(CONTENT_WORDS))].filter((w) => !taken.has(w));
  return { functionWords, contentWords };
}
