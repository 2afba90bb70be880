// The guardrails' words in the other languages the service speaks (issue 39): German, French,
// Spanish, Italian, Dutch, Portuguese, Polish and Swedish. A question is checked against every
// language's words whatever the caregiver's language, so a German dosing question from a
// caregiver who reads English is caught as surely as an English one. Each list joins the
// English rule of the same name in guardrails.ts. Patterns match the normal form
// (answerer/text.ts normaliseText: lower case, accents stripped, "ł" as "l", "ß" as "ss").
//
// Precision is traded for safety, as in English: a word that may name an emergency or a dose
// refers the question even when a log question would have been meant.

const any = (parts: string[]) => new RegExp(parts.map((p) => `(?:${p})`).join('|'));

/** Emergencies: not breathing, choking, unresponsive, fits, blue lips, a fall on the head, poison. */
export const EMERGENCY_WORDS = any([
  // de
  '\\batmet (nicht|kaum|nicht mehr)\\b|\\b(bekommt|kriegt) keine luft\\b|\\batemstillstand\\b|\\berstick\\w*|\\bverschluckt\\b|\\bbewusstlos\\w*|\\b(reagiert|antwortet) nicht\\b|\\bnicht (ansprechbar|wach zu (bekommen|kriegen))\\b|\\bkrampfanfall\\w*|\\bfieberkrampf\\w*|\\bkrampft\\b|\\bblaue lippen\\b|\\blippen (sind |werden )?blau\\b|\\bblau (angelaufen|anlaufen|geworden)\\b|\\b(auf den kopf|vom wickeltisch|aus dem bett|vom bett|vom sofa) gefallen\\b|\\b(batterie|knopfzelle|magnet\\w*|tablette\\w*) verschluckt\\b|\\bvergift\\w*|\\bnotfall\\b|\\bnotarzt\\b|\\bnotruf\\b|\\b(krankenwagen|rettungswagen)\\b',
  // fr
  '\\bne respire (pas|plus)\\b|\\brespire plus\\b|\\bs\'?etouff\\w*|\\betouffe\\w*|\\binconscient\\w*|\\bne (reagit|repond) (pas|plus)\\b|\\bconvuls\\w*|\\blevres bleues\\b|\\bdevenu\\w* bleu\\w*|\\bdevient bleu\\w*|\\btombe\\w* (sur la tete|du lit|de la table a langer|du canape)\\b|\\bavale (une |des )?(pile|piles|aimant|medicaments?|comprimes?)\\b|\\bintoxi\\w*|\\bempoisonn\\w*|\\burgence\\b|\\bsamu\\b|\\bambulance\\b',
  // es
  '\\bno respira\\b|\\bdej(o|a) de respirar\\b|\\bse (esta )?(ahog|atragant)\\w*|\\binconsciente\\b|\\bno (reacciona|responde)\\b|\\bconvulsi\\w*|\\blabios (azules|morados)\\b|\\bse (puso|pone|esta poniendo) (azul|morad\\w*)\\b|\\bse cayo (de la cama|del cambiador|de cabeza|del sofa)\\b|\\bse (golpeo|dio un golpe en) la cabeza\\b|\\btrago (una )?(pila|bateria|iman|pastilla)\\w*|\\benvenen\\w*|\\bintoxica\\w*|\\bemergencia\\b|\\bambulancia\\b',
  // it
  '\\bnon respira\\b|\\bsmesso di respirare\\b|\\bsoffoc\\w*|\\bstrozzat\\w*|\\bincoscient\\w*|\\bprivo di sensi\\b|\\bnon (risponde|reagisce)\\b|\\bconvulsion\\w*|\\blabbra (blu|viola)\\b|\\bdiventat\\w* (blu|viola|cianotic\\w*)\\b|\\bcadut\\w* (dal letto|dal fasciatoio|di testa|dal divano)\\b|\\bbattuto la testa\\b|\\bingoiat\\w* (una |delle )?(pila|pile|batteria|calamita|pastiglia|pastiglie)\\b|\\bavvelen\\w*|\\bintossica\\w*|\\bemergenza\\b|\\bambulanza\\b',
  // nl
  '\\bademt (niet|nauwelijks|niet meer)\\b|\\bgestopt met ademen\\b|\\bstikt\\b|\\bverslikt\\b|\\bbewusteloos\\b|\\breageert niet\\b|\\b(koorts)?stuip\\w*|\\bblauwe lippen\\b|\\b(wordt|werd|is) blauw\\b|\\bblauw aangelopen\\b|\\bgevallen (van|uit) (bed|de commode|het aankleedkussen|de bank)\\b|\\bop (zijn|haar) hoofd gevallen\\b|\\b(batterij|knoopcel|magneet|pil|pillen) ingeslikt\\b|\\bvergiftig\\w*|\\bnoodgeval\\b|\\bambulance\\b',
  // pt
  '\\bnao (esta )?respira\\w*|\\bparou de respirar\\b|\\bengasg\\w*|\\bsufoc\\w*|\\bdesmai\\w*|\\binconsciente\\b|\\bnao (reage|responde)\\b|\\bconvuls\\w*|\\blabios (roxos|azuis)\\b|\\b(ficou|ficando|esta) roxo\\b|\\bcaiu (da cama|do trocador|de cabeca|do sofa)\\b|\\bbateu a cabeca\\b|\\bengoliu (uma |um )?(pilha|bateria|ima|comprimido)\\b|\\benvenen\\w*|\\bintoxica\\w*|\\bemergencia\\b|\\bambulancia\\b|\\bsamu\\b',
  // pl
  '\\bnie oddycha\\b|\\bprzestal\\w* oddychac\\b|\\bdlawi sie\\b|\\bzakrztusil\\w*|\\bnieprzytomn\\w*|\\bstracil\\w* przytomnosc\\b|\\bnie reaguje\\b|\\bdrgawk\\w*|\\bsine usta\\b|\\bsinieje\\b|\\bzsinial\\w*|\\bspadl\\w* (z lozka|z przewijaka|na glowe|z kanapy)\\b|\\buderzyl\\w* sie w glowe\\b|\\bpolknal\\w* (baterie|bateryjke|magnes|tabletke|tabletki)\\b|\\bzatru\\w*|\\bnagly wypadek\\b|\\bpogotowie\\b|\\bkaretk\\w*',
  // sv
  '\\bandas (inte|knappt)\\b|\\bslutat andas\\b|\\b(satter|satt|har satt) i halsen\\b|\\bkvav\\w*|\\bmedvetslos\\w*|\\breagerar inte\\b|\\bkramp(er|anfall)?\\b|\\bfeberkramp\\w*|\\bbla (lappar|i ansiktet)\\b|\\b(blivit|blir) bla\\b|\\b(ramlat|ramlade|fallit|foll) (ur sangen|fran skotbordet|pa huvudet|fran soffan)\\b|\\bslog (i )?huvudet\\b|\\bsvalt (ett |en )?(batteri|magnet|tablett)\\b|\\bforgift\\w*|\\bnodlage\\b|\\bnodfall\\b|\\bambulans\\b',
]);

/** Words for a medicine in general, and brands the other countries use. */
export const MEDICINE_WORDS = any([
  '\\b(medikament\\w*|arznei\\w*|fiebersaft|fieberzapfchen|zapfchen|antibiotika|schmerzmittel|benuron|ben u ron)\\b',
  '\\b(medicaments?|sirop|suppositoires?|antibiotiques?|antidouleur\\w*)\\b',
  '\\b(medicamentos|jarabe|supositorios?|antibioticos?|analgesicos?|dalsy|apiretal)\\b',
  '\\b(farmac[oi]|medicin[ae]|sciroppo|supposte?|antibiotic[oi]|tachipirina|antidolorifico)\\b',
  '\\b(medicijn\\w*|zetpil\\w*|antibiotica|pijnstill\\w*)\\b',
  '\\b(remedios?|xarope|dipirona|novalgina|antibioticos?|analgesicos?)\\b',
  '\\b(lek|leki|lekow|lekarstw\\w*|syrop\\w*|czop(ek|ki|ka)|antybiotyk\\w*|przeciwbolow\\w*|pedicetamol|ibum)\\b',
  '\\b(lakemedel\\w*|medicin\\w*|alvedon|ipren|febernedsattande|antibiotika)\\b',
]);

/** A dose, an amount to give, whether one may give it, or when again: asking for dosing advice. */
export const DOSING_WORDS = any([
  '\\bwie ?viel\\w*\\b|\\b(darf|durfen|kann|konnen|soll|sollte|sollen|muss) (ich|wir|man|sie|er)\\b|\\bdosis\\b|\\bdosierung\\b|\\bwie oft\\b|\\bwieder\\b|\\bnochmal\\b|\\berneut\\b|\\bmaximal\\w*|\\bhochstens\\b|\\bpro kilo\\b|\\bgeben\\b|\\bzu viel\\b',
  '\\bcombien\\b|\\bpuis[- ]je\\b|\\bpeut[- ]on\\b|\\bpeux\\b|\\bdois[- ]je\\b|\\bdevrais\\b|\\bfaut[- ]il\\b|\\bdonner\\b|\\bposologie\\b|\\ba nouveau\\b|\\bencore\\b|\\bmaximum\\b|\\bpar kilo\\b|\\btoutes les\\b|\\btrop\\b',
  '\\bcuant[oa]s?\\b|\\bpuedo\\b|\\bpodemos\\b|\\bdebo\\b|\\bdeberia\\b|\\bdar(le)?\\b|\\bdosis\\b|\\botra vez\\b|\\bde nuevo\\b|\\bmaxim[oa]\\b|\\bcada cuant[oa]s\\b|\\bdemasiad[oa]\\b',
  '\\bquant[oa]\\b|\\bposso\\b|\\bpossiamo\\b|\\bdevo\\b|\\bdovrei\\b|\\bdar(e|gli|le)\\b|\\bdosaggio\\b|\\bdi nuovo\\b|\\bancora\\b|\\bmassim[oa]\\b|\\bogni quant[ei]\\b|\\btroppo\\b',
  '\\bhoeveel\\b|\\b(mag|kan|moet) (ik|je|we|hij|ze)\\b|\\bgeven\\b|\\bdosis\\b|\\bdosering\\b|\\bweer\\b|\\bopnieuw\\b|\\bmaxima\\w*|\\bte veel\\b',
  '\\bquant[oa]s?\\b|\\bposso\\b|\\bpodemos\\b|\\bdevo\\b|\\bdeveria\\b|\\bdar\\b|\\bdosagem\\b|\\bde novo\\b|\\bnovamente\\b|\\bmaxim[oa]\\b|\\bde quantas em quantas\\b|\\bdemais\\b',
  '\\bile\\b|\\bmoge\\b|\\bmozna\\b|\\bpowinn\\w*|\\b(dac|podac|dawac|podawac)\\b|\\bdawk\\w*|\\bznowu\\b|\\bponownie\\b|\\bmaksymal\\w*|\\bco ile\\b|\\bza duzo\\b',
  '\\bhur mycket\\b|\\b(far|kan|ska|bor) (jag|vi|man)\\b|\\bborde\\b|\\bge\\b|\\bdos(en|er)?\\b|\\bdosering\\b|\\bigen\\b|\\bmax\\w*|\\bhur ofta\\b|\\bfor mycket\\b',
]);

/** Asking what to give for a complaint: "was kann ich gegen Fieber geben", "quoi donner pour la fièvre". */
export const GIVE_WORDS = /\b(geben|gib|donner|donne|dar|darle|dare|dargli|darle|geven|dac|podac|ge)\b/;
export const COMPLAINT_WORDS =
  /\b(fieber|schmerz\w*|zahnen|fievre|douleurs?|dents|fiebre|dolor\w*|dientes|febbre|dolore|dentizione|koorts|pijn|tandjes|febre|dor|dentes|goraczk\w*|bol\w*|zabk\w*|feber|ont|tander)\b/;

/** Vitamins and other supplements: with a dosing word, a dosing question. */
export const SUPPLEMENT_WORDS = /\b(vitamin\w*|witamin\w*|eisen|fer|hierro|ferro|ijzer|ferro|zelazo|jarn|probiotik\w*|probiotiques?|probioticos?|probiotici|fluor\w*|tropfen|gouttes|gotas|gocce|druppels|krople|droppar)\b/;

/**
 * What the log records of medicines given: "wann hat sie zuletzt Paracetamol bekommen?",
 * "quand a-t-elle eu son dernier doliprane ?": a log question, when no dosing word is in it.
 */
export const MEDICINE_LOG_WORDS = any([
  '\\bwann (hat|hatte|haben|bekam|wurde)\\b|\\bzuletzt\\b|\\bletzte[nmrs]?\\b|\\bwelche[snm]? \\w+ (hat|hatte)\\b.*\\b(bekommen|gegeben)\\b',
  '\\bquand\\b|\\bdernier\\w*|\\bquel(le)? \\w+ .*\\b(donne|pris|eu)\\b',
  '\\bcuando\\b|\\bultim[oa]\\b|\\bque \\w+ .*\\b(tomo|dio|dimos|di)\\b',
  '\\bquando\\b|\\bultim[oa]\\b|\\bquale \\w+ .*\\b(preso|dato)\\b',
  '\\bwanneer\\b|\\blaatste\\b|\\bwelk\\w* \\w+ .*\\b(gekregen|gegeven)\\b',
  '\\bquando\\b|\\bultim[oa]\\b|\\bqual \\w+ .*\\b(tomou|dei|demos|deu)\\b',
  '\\bkiedy\\b|\\bostatni\\w*|\\bjaki\\w* \\w+ .*\\b(dostal\\w*|podal\\w*)\\b',
  '\\bnar\\b|\\bsenast\\w*|\\bvilke[nt]? \\w+ .*\\b(fick|gav)\\b',
]);

/** Symptom red flags: always referred. */
export const RED_FLAG_WORDS = any([
  '\\bblut\\w*|\\bdu sang\\b|\\bde sang\\b|\\bsang dans\\b|\\bsaign\\w*|\\bsangr\\w*|\\bsangue\\b|\\bsanguin\\w*|\\bbloed\\w*|\\bkrew\\w*|\\bkrwi\\w*|\\bblod(ig\\w*)?\\b',
  '\\batemnot\\b|\\batmet schwer\\b|\\bschwer (zu )?atmen\\b|\\bpfeifend\\w*|\\brespire mal\\b|\\bdifficult\\w* a respirer\\b|\\bdificultad (para|al) respirar\\b|\\brespira con dificultad\\b|\\bfatica a respirare\\b|\\brespira male\\b|\\bbenauwd\\b|\\bmoeilijk ademen\\b|\\bdificuldade (para|de) respirar\\b|\\brespira com dificuldade\\b|\\bdusznosc\\w*|\\btrudnosci? z oddychaniem\\b|\\bciezko oddycha\\b|\\bandningssvarighet\\w*|\\bsvart att andas\\b|\\bandas tungt\\b',
  '\\bausgetrocknet\\b|\\baustrocknung\\b|\\bdeshydrat\\w*|\\bdeshidrat\\w*|\\bdisidrat\\w*|\\buitgedroogd\\b|\\buitdroging\\b|\\bdesidrat\\w*|\\bodwodni\\w*|\\buttork\\w*',
  '\\bapath\\w*|\\bapatic\\w*|\\bapatyczn\\w*|\\bletarg\\w*|\\blethargi\\w*|\\bschlapp\\b|\\bteilnahmslos\\b|\\bsloom\\b|\\bslapp\\b',
  '\\bhohes fieber\\b|\\bforte fievre\\b|\\bfiebre alta\\b|\\bfebbre alta\\b|\\bhoge koorts\\b|\\bfebre alta\\b|\\bwysok\\w* goraczk\\w*|\\bhog feber\\b',
]);

/** Symptoms and illness words: referred unless the question only asks what the log holds. */
export const SYMPTOM_WORDS = any([
  '\\bfieber\\w*|\\bfievre\\w*|\\bfebril\\w*|\\bfiebre\\b|\\bfebbre\\b|\\bfebre\\b|\\bkoorts\\w*|\\bgoraczk\\w*|\\bfeber\\w*',
  '\\berbrech\\w*|\\berbricht\\b|\\bspuckt\\b|\\bkotzt\\b|\\bvomi\\w*|\\bvomit\\w*|\\bovergeven\\b|\\bovergeeft\\b|\\bspuugt\\b|\\bwymiot\\w*|\\bkraks\\b|\\bkrakts\\b|\\bkrakning\\w*|\\bspyr\\b',
  '\\bdurchfall\\b|\\bdiarrhee\\b|\\bdiarrea\\b|\\bdiarreia\\b|\\bdiarree\\b|\\bbiegunk\\w*|\\bdiarre\\b|\\bverstopf\\w*|\\bconstip\\w*|\\bestrenid\\w*|\\bstitic\\w*|\\bverstopt\\w*|\\bobstipa\\w*|\\bpriso de ventre\\b|\\bzapar\\w*|\\bforstopp\\w*',
  '\\bhusten\\w*|\\bschnupfen\\b|\\berkalt\\w*|\\btouss\\w*|\\btoux\\b|\\brhume\\b|\\btos\\b|\\bresfriad\\w*|\\bcatarro\\b|\\btosse\\b|\\braffreddor\\w*|\\bhoest\\w*|\\bverkoud\\w*|\\bkaszl\\w*|\\bkatar\\w*|\\bhosta\\w*|\\bhostar\\b|\\bsnuva\\b|\\bforkyl\\w*',
  '\\bausschlag\\b|\\bhautausschlag\\b|\\beruption\\w*|\\bboutons\\b|\\berupcion\\w*|\\bsarpullido\\b|\\beruzion\\w*|\\bsfogo\\b|\\buitslag\\b|\\bbrotoeja\\w*|\\bwysypk\\w*|\\butslag\\b',
  '\\bschmerz\\w*|\\btut (ihr |ihm )?weh\\b|\\bdouleur\\w*|\\ba mal\\b|\\bdolor\\w*|\\bduele\\b|\\bdolore\\b|\\bfa male\\b|\\bpijn\\b|\\bdor\\b|\\bdoendo\\b|\\bboli\\b|\\bbol\\b|\\bhar ont\\b|\\bont i\\b',
  '\\bkrank\\b|\\bmalade\\b|\\benferm[oa]\\b|\\bmalat[oa]\\b|\\bziek\\b|\\bdoente\\b|\\bchor[aey]\\b|\\bsjuk\\b',
  '\\binfektion\\w*|\\binfection\\w*|\\binfeccion\\w*|\\binfezion\\w*|\\binfectie\\w*|\\binfeccao\\b|\\binfekcj\\w*|\\bmittelohrentz\\w*|\\bbindehautentz\\w*|\\botite\\b|\\botitis\\b|\\boorontsteking\\b|\\bzapalen\\w*|\\boroninflammation\\b',
  '\\b(trinkt|isst) nicht\\b|\\bwill nicht (trinken|essen)\\b|\\bne (boit|mange|tete) (pas|plus)\\b|\\bno (quiere )?(come|bebe)\\b|\\bnon (mangia|beve|vuole)\\b|\\b(drinkt|eet) niet\\b|\\bnao (quer )?(mamar|mama|come|bebe)\\b|\\bnie (je|pije|chce)\\b|\\bvill inte (ata|dricka)\\b|\\b(ater|dricker) inte\\b',
  '\\bgelbsucht\\b|\\bictere\\b|\\bictericia\\b|\\bittero\\b|\\bgeelzucht\\b|\\bzoltacz\\w*|\\bgulsot\\b',
]);

/** Conditions someone might want named. */
export const CONDITION_WORDS =
  /\b(reflu\w*|kolik\w*|koliken|coliques?|colic[oa]s?|krampfe|allergi\w*|allergie\w*|alergi\w*|intoleran\w*|intolleran\w*|nietolerancj\w*|laktos\w*|lactos\w*|lattos\w*|neurodermitis|ekzem\w*|eczema|egzem\w*|zahnen|zahnt|poussee dentaire|fait ses dents|denticion|dentizione|tandjes|dentes nascendo|zabkowani\w*|zabkuje|tandsprickning|astma|asthme|asma|autis\w*)\b/;

/** Asking whether something is normal or worrying: a judgement for a health professional. */
export const DIAGNOSIS_WORDS = any([
  '\\b(ist|sind|war) (das|es|sie|er|dies|ihr \\w+|sein \\w+) (noch |denn )?(normal|in ordnung)\\b|\\bbesorgt\\b|\\bsorgen machen\\b|\\bbedenklich\\b|\\bstimmt (etwas|was) nicht\\b|\\bhat (sie|er) (eine?n? )?(reflux|kolik\\w*|allergie\\w*|infektion)\\b|\\bist (sie|er) (krank|allergisch)\\b',
  '\\b(est[- ]ce|c\'?est|est[- ]il|est[- ]elle|est) (que )?(normal|grave)\\b|\\binquiet\\w*|\\best[- ]ce qu\'?(il|elle) a\\b|\\ba[- ]t[- ](il|elle) (une? |des )?(reflux|coliques|allergie|infection)\\b|\\best[- ](il|elle) (malade|allergique)\\b',
  '\\bes (normal|grave)\\b|\\bpreocup\\w*|\\btiene (reflujo|colicos|alergia|una infeccion)\\b|\\besta enferm[oa]\\b',
  '\\be (normale|grave)\\b|\\bpreoccup\\w*|\\bha (il )?(reflusso|coliche|allergia|un\'infezione)\\b|\\be malat[oa]\\b',
  '\\bnormaal\\b|\\bzorgen\\b|\\bernstig\\b|\\bheeft (hij|ze) (reflux|krampjes|allergie|een infectie)\\b|\\bis (hij|ze) ziek\\b',
  '\\b(e|isso e|esta) (normal|grave)\\b|\\bpreocup\\w*|\\b(ele|ela) tem\\b|\\besta doente\\b',
  '\\bnormaln\\w*|\\bmartw\\w*|\\bniepoko\\w*|\\bpowazn\\w*|\\bczy (ona|on) ma\\b|\\bczy jest chor\\w*',
  '\\bnormalt\\b|\\borolig\\w*|\\ballvarlig\\w*|\\bhar (hon|han) (reflux|kolik|allergi|en infektion)\\b|\\bar (hon|han) sjuk\\b',
]);

/** A log question's shape: how many, when, how long, the last one. */
export const LOG_SHAPE_WORDS = any([
  '\\bwie (viele|viel|lange|oft)\\b|\\bwann\\b|\\bzuletzt\\b|\\bletzte[nmrs]?\\b',
  '\\bcombien\\b|\\bquand\\b|\\bdernier\\w*',
  '\\bcuant[oa]s?\\b|\\bcuando\\b|\\bultim[oa]s?\\b',
  '\\bquant[oaei]\\b|\\bquando\\b|\\bultim[oaei]\\b',
  '\\bhoeveel\\b|\\bwanneer\\b|\\blaatste\\b|\\bhoe lang\\b',
  '\\bquant[oa]s?\\b|\\bquando\\b|\\bultim[oa]s?\\b',
  '\\bile\\b|\\bkiedy\\b|\\bostatni\\w*|\\bjak dlugo\\b',
  '\\bhur (manga|mycket|lange|ofta)\\b|\\bnar\\b|\\bsenast\\w*',
]);

/** What a log records: feeds, sleep, nappies, meals. */
export const LOG_NOUN_WORDS =
  /\b(mahlzeit\w*|fl(a|ae)schchen|stillen|gestillt|milch|schlaf\w*|nickerchen|windel\w*|getrunken|gegessen|repas|tetees?|biberons?|lait|sommeil|dormi|siestes?|couches?|tomas?|biberon(es)?|leche|sueno|dormido|siestas?|panal(es)?|poppat\w*|latte|sonno|dormito|pisolin\w*|pannolin\w*|voeding\w*|flesjes?|melk|slaap|geslapen|dutjes?|luiers?|mamadas?|mamadeiras?|leite|sono|dormiu|sonecas?|fraldas?|karmie\w*|butelk\w*|mlek\w*|sen|spal\w*|drzemk\w*|pieluch\w*|matning\w*|flask\w*|mjolk|somn|sov|tupplur\w*|blojor|bloja)\b/;

/** Advice: what to do, whether it is all right, why. */
export const ADVICE_WORDS = any([
  '\\bwas (soll|kann|sollen|konnen) (ich|wir)\\b|\\bsoll(te)? ich\\b|\\bwarum\\b|\\bwieso\\b|\\bhelfen\\b|\\bbehandeln\\b',
  '\\bque (dois|faire|puis)\\b|\\bdois[- ]je\\b|\\bpourquoi\\b|\\bsoigner\\b|\\baider\\b',
  '\\bque (hago|debo|puedo)\\b|\\bpor que\\b|\\bdebo\\b|\\bayudar\\b|\\btratar\\b',
  '\\bcosa (devo|posso|faccio)\\b|\\bperche\\b|\\bdevo\\b|\\baiutar\\w*|\\bcurare\\b',
  '\\bwat (moet|kan) ik\\b|\\bwaarom\\b|\\bmoet ik\\b|\\bhelpen\\b|\\bbehandelen\\b',
  '\\bo que (devo|posso|faco)\\b|\\bpor que\\b|\\bdevo\\b|\\bajudar\\b|\\btratar\\b',
  '\\bco (mam|robic|zrobic)\\b|\\bdlaczego\\b|\\bczy powinn\\w*|\\bpomoc\\b|\\bleczyc\\b',
  '\\bvad (ska|kan|bor) (jag|vi)\\b|\\bvarfor\\b|\\bhjalpa\\b|\\bbehandla\\b',
]);

/** Words for a temperature or a fever: the caller then looks up the children's ages (fever-question.ts). */
export const TEMPERATURE_TALK = /\b(temperatur\w*|fieber\w*|thermometer|grad|temperature|fievre\w*|degres?|temperatura|fiebre|grados?|febbre|gradi|temperatuur|koorts\w*|graden|febre|graus?|goraczk\w*|stopni\w*|termometr|feber|febrig|termometer)\b/;
