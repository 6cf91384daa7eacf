// Headless driver for OpenGotha (https://github.com/lucvannier/opengotha).
//
// Reads a small line-based tournament description (see README.md in this
// folder), builds the tournament in OpenGotha's own object model (no GUI) and
// prints either the standings as OpenGotha computes them, or the pairing
// OpenGotha's automatic pairing produces for one round.
//
// This file is Tengen's own code.  It contains no OpenGotha code; it is
// compiled against an OpenGotha build given at run time (see run.sh).
// It lives in OpenGotha's package because most of OpenGotha's constants
// (criteria ids, Gotha.MIN_RANK, ...) are package-private.
package info.vannier.gotha;

import java.io.IOException;
import java.io.PrintStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

public class OpenGothaStandings {

    static final String USAGE =
        "usage: OpenGothaStandings standings FILE [--round N] [--all-players] [--gotha-strings] [--raw]\n"
      + "       OpenGothaStandings pair FILE --round N [--keep-bye]\n"
      + "         (games/byes of round N and later are ignored; --keep-bye keeps the file's bye of round N)\n"
      + "       OpenGothaStandings xml FILE --out OUT.xml   (write OpenGotha's own .xml tournament file)\n"
      + "Add --xml to read FILE as an OpenGotha .xml tournament file instead of the line format.\n"
      + "Rounds are 1-based on the command line and in the file.";

    // ---- parsed input -------------------------------------------------------
    static class InPlayer {
        String id, name, firstName, club = "", country = "";
        int rank;
        Integer rating = null;
        int smmsCorrection = 0;
        Player player;
    }

    static class InGame {
        int round; // 0-based
        String white, black;
        int handicap;
        int result;
        int line;
    }

    static final Map<String, InPlayer> players = new LinkedHashMap<>();
    static final List<InGame> games = new ArrayList<>();
    static final Map<Integer, String> byes = new HashMap<>();              // round (0-based) -> id
    static final List<int[]> absentsRaw = new ArrayList<>();
    static final List<String> absentIds = new ArrayList<>();

    static String system = "McMahon";
    static int numberOfRounds = -1;
    static Integer bar = null, floor = null, zero = null;
    static int[] criteria = null;
    static String hdMode = null;       // "none", "rank", "mms"
    static Integer hdCorrection = null, hdCeiling = null, hdThreshold = null;
    static Integer nbwBye2 = null, mmsBye2 = null, nbwAbsent2 = null, mmsAbsent2 = null;
    static Boolean roundDown = null, notPlayedAsHalf = null;

    static void die(String msg) {
        System.err.println("OpenGothaStandings: " + msg);
        System.exit(2);
    }

    static int parseRank(String s, int line) {
        int r = Player.convertKDPToInt(s);
        if (r == -99) die("line " + line + ": bad rank '" + s + "'");
        return r;
    }

    /** "0", "0.5", "1", "1.5" ... -> value * 2 */
    static int parseHalfPoints(String s, int line) {
        try {
            BigDecimal d = new BigDecimal(s).multiply(BigDecimal.valueOf(2));
            return d.intValueExact();
        } catch (ArithmeticException | NumberFormatException e) {
            die("line " + line + ": bad point value '" + s + "' (use multiples of 0.5)");
            return 0;
        }
    }

    static boolean parseBool(String s, int line) {
        switch (s.toLowerCase()) {
            case "yes": case "true": case "1": case "on": return true;
            case "no": case "false": case "0": case "off": return false;
        }
        die("line " + line + ": expected yes/no, got '" + s + "'");
        return false;
    }

    static int parseResult(String s, int line) {
        boolean byDef = s.endsWith("!");
        String core = byDef ? s.substring(0, s.length() - 1) : s;
        int res;
        switch (core) {
            case "W": case "w": case "1-0": res = Game.RESULT_WHITEWINS; break;
            case "B": case "b": case "0-1": res = Game.RESULT_BLACKWINS; break;
            case "=": case "J": case "j": case "D": res = Game.RESULT_EQUAL; break;
            case "0": case "0-0": res = Game.RESULT_BOTHLOSE; break;
            case "1": case "1-1": res = Game.RESULT_BOTHWIN; break;
            case "?": res = Game.RESULT_UNKNOWN; break;
            default:
                die("line " + line + ": bad result '" + s + "' (W B = 0 1 ?, optional ! suffix)");
                return 0;
        }
        if (byDef) {
            if (res == Game.RESULT_UNKNOWN) die("line " + line + ": '?!' is not a result");
            res += Game.RESULT_BYDEF;
        }
        return res;
    }

    static int criterionByName(String n, int line) {
        for (PlacementCriterion pc : PlacementParameterSet.allPlacementCriteria) {
            if (pc.longName.equalsIgnoreCase(n)) return pc.uid;
        }
        // convenience aliases
        switch (n.toUpperCase()) {
            case "SOSWM1": return PlacementParameterSet.PLA_CRIT_SOSWM1;
            case "SOSWM2": return PlacementParameterSet.PLA_CRIT_SOSWM2;
            case "SOSMM1": return PlacementParameterSet.PLA_CRIT_SOSMM1;
            case "SOSMM2": return PlacementParameterSet.PLA_CRIT_SOSMM2;
        }
        StringBuilder sb = new StringBuilder();
        for (PlacementCriterion pc : PlacementParameterSet.allPlacementCriteria) sb.append(' ').append(pc.longName);
        die("line " + line + ": unknown criterion '" + n + "'; known:" + sb);
        return 0;
    }

    static int roundArg(String s, int line) {
        int r;
        try { r = Integer.parseInt(s); } catch (NumberFormatException e) { die("line " + line + ": bad round '" + s + "'"); return 0; }
        if (r < 1 || r > Gotha.MAX_NUMBER_OF_ROUNDS) die("line " + line + ": round out of range: " + r);
        return r - 1;
    }

    static void parse(String file) throws IOException {
        List<String> lines = Files.readAllLines(Paths.get(file), StandardCharsets.UTF_8);
        for (int i = 0; i < lines.size(); i++) {
            int ln = i + 1;
            String l = lines.get(i);
            int hash = l.indexOf('#');
            if (hash >= 0) l = l.substring(0, hash);
            l = l.trim();
            if (l.isEmpty()) continue;
            String[] t = l.split("\\s+");
            String kw = t[0].toLowerCase();
            switch (kw) {
                case "system":
                    need(t, 2, ln);
                    if (t[1].equalsIgnoreCase("mcmahon")) system = "McMahon";
                    else if (t[1].equalsIgnoreCase("swiss")) system = "Swiss";
                    else die("line " + ln + ": system must be McMahon or Swiss");
                    break;
                case "rounds":
                    need(t, 2, ln);
                    numberOfRounds = Integer.parseInt(t[1]);
                    if (numberOfRounds < 1 || numberOfRounds > Gotha.MAX_NUMBER_OF_ROUNDS) die("line " + ln + ": bad number of rounds");
                    break;
                case "bar": need(t, 2, ln); bar = parseRank(t[1], ln); break;
                case "floor": need(t, 2, ln); floor = parseRank(t[1], ln); break;
                case "zero": need(t, 2, ln); zero = parseRank(t[1], ln); break;
                case "criteria": {
                    if (t.length - 1 > PlacementParameterSet.PLA_MAX_NUMBER_OF_CRITERIA) die("line " + ln + ": at most 6 criteria");
                    criteria = new int[PlacementParameterSet.PLA_MAX_NUMBER_OF_CRITERIA];
                    for (int c = 1; c < t.length; c++) criteria[c - 1] = criterionByName(t[c], ln);
                    break;
                }
                case "handicap": {
                    need(t, 2, ln);
                    hdMode = t[1].toLowerCase();
                    if (!hdMode.equals("none") && !hdMode.equals("rank") && !hdMode.equals("mms"))
                        die("line " + ln + ": handicap none | rank ... | mms ...");
                    for (int k = 2; k < t.length; k++) {
                        String[] kv = t[k].split("=", 2);
                        if (kv.length != 2) die("line " + ln + ": expected key=value, got " + t[k]);
                        switch (kv[0].toLowerCase()) {
                            case "correction": hdCorrection = Integer.parseInt(kv[1]); break;
                            case "ceiling": hdCeiling = Integer.parseInt(kv[1]); break;
                            case "threshold": hdThreshold = parseRank(kv[1], ln); break;
                            default: die("line " + ln + ": unknown handicap option " + kv[0]);
                        }
                    }
                    break;
                }
                case "bye-points": need(t, 3, ln); nbwBye2 = parseHalfPoints(t[1], ln); mmsBye2 = parseHalfPoints(t[2], ln); break;
                case "absent-points": need(t, 3, ln); nbwAbsent2 = parseHalfPoints(t[1], ln); mmsAbsent2 = parseHalfPoints(t[2], ln); break;
                case "round-down": need(t, 2, ln); roundDown = parseBool(t[1], ln); break;
                case "not-played-as-half": need(t, 2, ln); notPlayedAsHalf = parseBool(t[1], ln); break;
                case "player": {
                    need(t, 5, ln);
                    InPlayer p = new InPlayer();
                    p.id = t[1]; p.name = t[2]; p.firstName = t[3];
                    p.rank = parseRank(t[4], ln);
                    int k = 5;
                    if (k < t.length && !t[k].contains("=")) { p.club = t[k].equals("-") ? "" : t[k]; k++; }
                    if (k < t.length && !t[k].contains("=")) { p.country = t[k].equals("-") ? "" : t[k]; k++; }
                    for (; k < t.length; k++) {
                        String[] kv = t[k].split("=", 2);
                        if (kv.length != 2) die("line " + ln + ": unexpected token " + t[k]);
                        switch (kv[0].toLowerCase()) {
                            case "rating": p.rating = Integer.parseInt(kv[1]); break;
                            case "mmsadj": p.smmsCorrection = Integer.parseInt(kv[1]); break;
                            default: die("line " + ln + ": unknown player option " + kv[0]);
                        }
                    }
                    if (players.containsKey(p.id)) die("line " + ln + ": duplicate player id " + p.id);
                    players.put(p.id, p);
                    break;
                }
                case "game": {
                    if (t.length < 5 || t.length > 6) die("line " + ln + ": game ROUND WHITE BLACK HANDICAP [RESULT]");
                    InGame g = new InGame();
                    g.round = roundArg(t[1], ln);
                    g.white = t[2]; g.black = t[3];
                    g.handicap = Integer.parseInt(t[4]);
                    if (g.handicap < 0 || g.handicap > 9) die("line " + ln + ": handicap must be 0..9");
                    g.result = t.length == 6 ? parseResult(t[5], ln) : Game.RESULT_UNKNOWN;
                    g.line = ln;
                    games.add(g);
                    break;
                }
                case "bye": {
                    need(t, 3, ln);
                    int r = roundArg(t[1], ln);
                    if (byes.containsKey(r)) die("line " + ln + ": OpenGotha allows at most one bye per round");
                    byes.put(r, t[2]);
                    break;
                }
                case "absent": {
                    need(t, 3, ln);
                    int r = roundArg(t[1], ln);
                    for (int k = 2; k < t.length; k++) { absentsRaw.add(new int[]{r, ln}); absentIds.add(t[k]); }
                    break;
                }
                default:
                    die("line " + ln + ": unknown keyword '" + t[0] + "'");
            }
        }
        if (numberOfRounds < 0) die("missing 'rounds N'");
    }

    static void need(String[] t, int n, int ln) {
        if (t.length < n) die("line " + ln + ": '" + t[0] + "' needs " + (n - 1) + " argument(s)");
    }

    static InPlayer lookup(String id, int ln) {
        InPlayer p = players.get(id);
        if (p == null) die("line " + ln + ": unknown player id '" + id + "'");
        return p;
    }

    // ---- building the OpenGotha tournament ----------------------------------
    static Tournament tournament;

    static void build() throws Exception {
        TournamentParameterSet tps = new TournamentParameterSet();
        tps.initBase("tengen", "tengen", "", "", new java.util.Date(), new java.util.Date(), numberOfRounds, 1);
        if (system.equals("McMahon")) tps.initForMM(); else tps.initForSwiss();
        GeneralParameterSet gps = tps.getGeneralParameterSet();
        if (bar != null) gps.setGenMMBar(bar);
        if (floor != null) gps.setGenMMFloor(floor);
        if (zero != null) gps.setGenMMZero(zero);
        if (nbwBye2 != null) { gps.setGenNBW2ValueBye(nbwBye2); gps.setGenMMS2ValueBye(mmsBye2); }
        if (nbwAbsent2 != null) { gps.setGenNBW2ValueAbsent(nbwAbsent2); gps.setGenMMS2ValueAbsent(mmsAbsent2); }
        if (roundDown != null) gps.setGenRoundDownNBWMMS(roundDown);
        if (notPlayedAsHalf != null) gps.setGenCountNotPlayedGamesAsHalfPoint(notPlayedAsHalf);
        if (criteria != null) tps.getPlacementParameterSet().setPlaCriteria(criteria);
        HandicapParameterSet hps = tps.getHandicapParameterSet();
        if (hdMode != null) {
            if (hdMode.equals("none")) {
                hps.setHdBasedOnMMS(false);
                hps.setHdCeiling(0);
                hps.setHdCorrection(0);
                hps.setHdNoHdRankThreshold(Gotha.MIN_RANK);
            } else {
                hps.setHdBasedOnMMS(hdMode.equals("mms"));
            }
        }
        if (hdCorrection != null) hps.setHdCorrection(hdCorrection);
        if (hdCeiling != null) hps.setHdCeiling(hdCeiling);
        if (hdThreshold != null) hps.setHdNoHdRankThreshold(hdThreshold);

        tournament = new Tournament();
        tournament.setTournamentParameterSet(tps);

        for (InPlayer ip : players.values()) {
            int rating = ip.rating != null ? ip.rating : Player.ratingFromRank(ip.rank);
            String origin = ip.rating != null ? "MAN" : "INI";
            Player p;
            try {
                p = new Player(ip.name, ip.firstName, ip.country, ip.club, "", "", "", "", "",
                        ip.rank, rating, origin, "", ip.smmsCorrection, "FIN");
            } catch (PlayerException e) {
                die("player " + ip.id + ": " + e.getMessage());
                return;
            }
            ip.player = p;
            tournament.addPlayer(p); // throws on homonyms (same name+first name, spaces/case ignored)
        }
        for (int k = 0; k < absentIds.size(); k++) {
            int[] rl = absentsRaw.get(k);
            InPlayer ip = lookup(absentIds.get(k), rl[1]);
            ip.player.setParticipating(rl[0], false);
        }
        Map<Integer, Integer> nextTable = new HashMap<>();
        Map<String, Integer> used = new HashMap<>();
        for (InGame g : games) {
            if (g.round >= numberOfRounds) die("line " + g.line + ": round beyond 'rounds'");
            InPlayer w = lookup(g.white, g.line), b = lookup(g.black, g.line);
            if (w == b) die("line " + g.line + ": player plays himself");
            for (InPlayer x : new InPlayer[]{w, b}) {
                String key = g.round + "/" + x.id;
                if (used.containsKey(key)) die("line " + g.line + ": " + x.id + " already plays in round " + (g.round + 1) + " (line " + used.get(key) + ")");
                used.put(key, g.line);
            }
            int table = nextTable.getOrDefault(g.round, 0);
            nextTable.put(g.round, table + 1);
            Game game = new Game(g.round, table, w.player, b.player, true, g.handicap, g.result);
            tournament.addGame(game);
        }
        for (Map.Entry<Integer, String> e : byes.entrySet()) {
            InPlayer ip = lookup(e.getValue(), 0);
            if (used.containsKey(e.getKey() + "/" + ip.id)) die("bye player " + ip.id + " also plays in round " + (e.getKey() + 1));
            tournament.assignByePlayer(ip.player, e.getKey());
        }
        // OpenGotha caches its scoring info and only recomputes it when told the
        // tournament changed (the GUI does this after every edit).
        tournament.setLastTournamentModificationTime(System.currentTimeMillis());
    }

    static String idOf(Player p) {
        for (InPlayer ip : players.values()) if (ip.player != null && ip.player.hasSameKeyString(p)) return ip.id;
        return p.getKeyString(); // tournaments read from an OpenGotha .xml file
    }

    /** Loads an OpenGotha .xml tournament file with OpenGotha's own importer. */
    static void buildFromXml(String file) throws Exception {
        tournament = new Tournament();
        ExternalDocument.importTournamentFromXMLFile(new java.io.File(file), tournament, true, true, true, false, true);
        numberOfRounds = tournament.getTournamentParameterSet().getGeneralParameterSet().getNumberOfRounds();
        tournament.setLastTournamentModificationTime(System.currentTimeMillis());
    }

    static int lastUsedRound() throws Exception {
        int last = 0;
        for (Game g : tournament.gamesList()) last = Math.max(last, g.getRoundNumber());
        for (int r = 0; r < numberOfRounds; r++) if (tournament.getByePlayer(r) != null) last = Math.max(last, r);
        return last;
    }

    /** Forgets games of round `round` and later, and byes of later rounds (and of `round` unless keepBye). */
    static void dropFrom(int round, boolean keepBye) throws Exception {
        for (Game g : tournament.gamesList()) if (g.getRoundNumber() >= round) tournament.removeGame(g);
        for (int r = round; r < Gotha.MAX_NUMBER_OF_ROUNDS; r++)
            if (r > round || !keepBye) tournament.unassignByePlayer(r);
        tournament.setLastTournamentModificationTime(System.currentTimeMillis());
    }

    static String fmt(int value, int coef) {
        if (coef <= 1) return Integer.toString(value);
        return new BigDecimal(value).divide(BigDecimal.valueOf(coef)).stripTrailingZeros().toPlainString();
    }

    // ---- standings ----------------------------------------------------------
    static void standings(int round, boolean allPlayers, boolean gothaStrings, boolean raw, PrintStream out) throws Exception {
        TournamentParameterSet tps = tournament.getTournamentParameterSet();
        PlacementParameterSet pps = tps.getPlacementParameterSet();
        ArrayList<ScoredPlayer> al = tournament.orderedScoredPlayersList(round, pps);
        if (!allPlayers) al.removeIf(sp -> { try { return !tournament.isPlayerImplied(sp); } catch (Exception e) { throw new RuntimeException(e); } });

        // place numbers, exactly as OpenGotha's standings table decides ties
        ScoredPlayerComparator spc = new ScoredPlayerComparator(pps.getPlaCriteria(), round, true);
        int[] place = new int[al.size()];
        for (int i = 1; i < al.size(); i++)
            place[i] = spc.compare(al.get(i), al.get(i - 1)) == 0 ? place[i - 1] : i;
        String[][] hg = ScoredPlayer.halfGamesStrings(al, round, tps, true);

        List<Integer> crits = new ArrayList<>();
        for (int c : pps.getPlaCriteria()) {
            if (c == PlacementParameterSet.PLA_CRIT_NUL) continue;
            if (c == PlacementParameterSet.PLA_CRIT_NBW || c == PlacementParameterSet.PLA_CRIT_MMS) continue;
            crits.add(c);
        }
        StringBuilder h = new StringBuilder("place\tid\tname\tfirstname\trank\tNBW\tMMS");
        for (int c : crits) h.append('\t').append(PlacementParameterSet.criterionLongName(c));
        for (int r = 0; r <= round; r++) h.append("\tR").append(r + 1);
        out.println("# OpenGotha standings after round " + (round + 1) + " of " + numberOfRounds
                + " (criteria:" + critList(pps) + ")");
        out.println(h);
        for (int i = 0; i < al.size(); i++) {
            ScoredPlayer sp = al.get(i);
            StringBuilder b = new StringBuilder();
            b.append(place[i] + 1).append('\t').append(idOf(sp)).append('\t').append(sp.getName()).append('\t')
             .append(sp.getFirstName()).append('\t').append(Player.convertIntToKD(sp.getRank()));
            int[] all = new int[crits.size() + 2];
            all[0] = PlacementParameterSet.PLA_CRIT_NBW;
            all[1] = PlacementParameterSet.PLA_CRIT_MMS;
            for (int k = 0; k < crits.size(); k++) all[k + 2] = crits.get(k);
            for (int c : all) {
                b.append('\t');
                if (gothaStrings) b.append(sp.formatScore(c, round));
                else if (raw) b.append(sp.getCritValue(c, round));
                else b.append(fmt(sp.getCritValue(c, round), PlacementParameterSet.criterionCoef(c)));
            }
            for (int r = 0; r <= round; r++) b.append('\t').append(hg[r][i].trim());
            out.println(b);
        }
    }

    static String critList(PlacementParameterSet pps) {
        StringBuilder sb = new StringBuilder();
        for (int c : pps.getPlaCriteria())
            if (c != PlacementParameterSet.PLA_CRIT_NUL) sb.append(' ').append(PlacementParameterSet.criterionLongName(c));
        return sb.toString();
    }

    // ---- pairing ------------------------------------------------------------
    /** Pairs round `round` (0-based) the way the GUI's "Pair" button does with all
     *  pairable players selected and the default "sorted by score" list. */
    static void pair(int round, PrintStream out) throws Exception {
        PlacementParameterSet pps = tournament.getTournamentParameterSet().getPlacementParameterSet();
        ArrayList<Player> pairable = tournament.alNotPairedPlayers(round);
        // order as the GUI's pairable-players table (standings before this round)
        ArrayList<ScoredPlayer> order = tournament.orderedScoredPlayersList(round - 1, pps);
        ArrayList<Player> toPair = new ArrayList<>();
        for (ScoredPlayer sp : order)
            for (Player p : pairable) if (p.hasSameKeyString(sp)) toPair.add(p);

        String byeNote = "";
        if (toPair.size() % 2 != 0) {
            if (tournament.getByePlayer(round) != null) die("odd number of pairable players and a bye is already set");
            tournament.chooseAByePlayer(toPair, round);
            Player bye = tournament.getByePlayer(round);
            toPair.removeIf(p -> p.hasSameKeyString(bye));
            byeNote = "chosen by OpenGotha";
        } else if (tournament.getByePlayer(round) != null) {
            byeNote = "given in input";
        }
        long started = System.nanoTime();
        ArrayList<Game> newGames = tournament.makeAutomaticPairing(toPair, round);
        long pairedNs = System.nanoTime() - started;
        if (newGames == null) die("OpenGotha refused to pair (odd number of players?)");
        int tN = 0;
        for (Game g : newGames) g.setTableNumber(tN++);
        tournament.renumberTablesByBestScoreThenRating(round, newGames);
        newGames.sort(Comparator.comparingInt(Game::getTableNumber));

        out.println("# OpenGotha pairing for round " + (round + 1));
        System.err.printf("OpenGotha paired %d players in %.1f ms%n", toPair.size(), pairedNs / 1e6);
        out.println("table\twhite\tblack\thandicap");
        for (Game g : newGames)
            out.println((g.getTableNumber() + 1) + "\t" + idOf(g.getWhitePlayer()) + "\t" + idOf(g.getBlackPlayer()) + "\t" + g.getHandicap());
        Player bye = tournament.getByePlayer(round);
        if (bye != null) out.println("bye\t" + idOf(bye) + "\t\t# " + byeNote);
        tournament.setLastTournamentModificationTime(System.currentTimeMillis());
    }

    public static void main(String[] args) {
        // Tournament is an RMI object whose export starts non-daemon threads:
        // always leave through System.exit.
        try {
            run(args);
        } catch (Throwable t) {
            t.printStackTrace();
            System.exit(1);
        }
        System.exit(0);
    }

    static void run(String[] args) throws Exception {
        if (args.length < 2) { System.err.println(USAGE); System.exit(2); }
        String mode = args[0];
        String file = args[1];
        Integer round = null;
        boolean allPlayers = false, gothaStrings = false, raw = false, keepBye = false, xmlInput = false;
        String outFile = null;
        for (int i = 2; i < args.length; i++) {
            switch (args[i]) {
                case "--round": round = Integer.parseInt(args[++i]) - 1; break;
                case "--all-players": allPlayers = true; break;
                case "--gotha-strings": gothaStrings = true; break;
                case "--raw": raw = true; break;
                case "--keep-bye": keepBye = true; break;
                case "--xml": xmlInput = true; break;
                case "--out": outFile = args[++i]; break;
                default: System.err.println(USAGE); System.exit(2);
            }
        }
        PrintStream out = new PrintStream(System.out, true, "UTF-8");
        if (xmlInput) buildFromXml(file); else { parse(file); build(); }
        switch (mode) {
            case "standings": {
                if (round == null) round = lastUsedRound();
                if (round < 0 || round >= numberOfRounds) die("--round out of range");
                standings(round, allPlayers, gothaStrings, raw, out);
                break;
            }
            case "pair": {
                if (round == null) die("pair needs --round N");
                if (round < 0 || round >= numberOfRounds) die("--round out of range");
                dropFrom(round, keepBye);
                pair(round, out);
                break;
            }
            case "xml": {
                if (outFile == null) die("xml needs --out FILE.xml");
                // Note: OpenGotha's writer tries to look up the machine's external IP
                // address (http://checkip.amazonaws.com); offline it just prints
                // "Internet not available".
                ExternalDocument.generateXMLFile(tournament, new java.io.File(outFile));
                break;
            }
            default:
                System.err.println(USAGE); System.exit(2);
        }
        out.flush();
    }
}
