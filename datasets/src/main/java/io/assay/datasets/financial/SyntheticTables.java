package io.assay.datasets.financial;

import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

/**
 * Generates the seven source tables when the PKDD'99 files are not at hand (a user's fresh
 * machine): the same row counts as the real tables, the same code values and key relations, and
 * value ranges shaped like the real ones. District names are made up; the eight regions are the
 * real Czech regions of the 1990s. Deterministic for a seed.
 */
public final class SyntheticTables {

  /** Bumped whenever the output changes for the same seed (a persisted warehouse reloads). */
  public static final int VERSION = 3;

  public static final int DISTRICTS = 77;
  public static final int ACCOUNTS = 4_500;
  public static final int CLIENTS = 5_369;
  public static final int DISPS = 5_369;
  public static final int CARDS = 892;
  public static final int LOANS = 682;
  public static final int ORDERS = 6_471;

  private static final int DISPONENTS = CLIENTS - ACCOUNTS;
  private static final int ACCOUNTS_WITH_ORDERS = 3_758;
  private static final int MAX_ORDERS_PER_ACCOUNT = 5;

  private static final List<String> REGIONS =
      List.of(
          "Prague",
          "central Bohemia",
          "south Bohemia",
          "west Bohemia",
          "north Bohemia",
          "east Bohemia",
          "south Moravia",
          "north Moravia");
  private static final int[] DISTRICTS_PER_REGION = {1, 12, 8, 10, 10, 11, 14, 11};
  private static final List<String> NAME_STEMS =
      List.of(
          "Bel", "Bor", "Brod", "Cer", "Dub", "Hol", "Hor", "Chlum", "Jav", "Kam", "Klad", "Kos",
          "Kral", "Lip", "Lom", "Mil", "Nov", "Ostr", "Pis", "Pod", "Rak", "Roz", "Skal", "Stra",
          "Svit", "Tab", "Trem", "Vel", "Vys", "Zab", "Zel", "Hrad", "Luh", "Most", "Rych", "Sed");
  private static final List<String> NAME_ENDINGS =
      List.of("ov", "any", "ice", "ec", "nik", "ovice", "in", "ava", "na", "sko", "ek", "ov Brod");
  private static final int[] ACCOUNT_YEARS = {1993, 1994, 1995, 1996, 1997};
  private static final double[] ACCOUNT_YEAR_WEIGHTS = {1139, 439, 661, 1363, 898};
  private static final List<String> FREQUENCIES =
      List.of(Account.MONTHLY, Account.WEEKLY, Account.AFTER_TRANSACTION);
  private static final double[] FREQUENCY_WEIGHTS = {4167, 240, 93};
  private static final int[] LOAN_DURATIONS = {12, 24, 36, 48, 60};
  private static final LocalDate LAST_DAY = TransGenerator.LAST_DAY;

  private SyntheticTables() {}

  public static FinancialTables generate(long seed) {
    Random random = new Random(TransGenerator.mix(seed, -1));
    List<District> districts = districts(random);
    double[] districtWeights = new double[districts.size()];
    for (int i = 0; i < districts.size(); i++) {
      districtWeights[i] = Double.parseDouble(districts.get(i).a4());
    }

    List<Account> accounts = new ArrayList<>(ACCOUNTS);
    for (int id = 1; id <= ACCOUNTS; id++) {
      int year = ACCOUNT_YEARS[pick(random, ACCOUNT_YEAR_WEIGHTS)];
      // The period opens with the first accounts on 1993-01-01, as in the real data.
      LocalDate date =
          id == 1
              ? TransGenerator.FIRST_DAY
              : LocalDate.of(year, 1, 1).plusDays(random.nextInt(365));
      accounts.add(
          new Account(
              id,
              districts.get(pick(random, districtWeights)).districtId(),
              FREQUENCIES.get(pick(random, FREQUENCY_WEIGHTS)),
              date));
    }

    boolean[] hasDisponent = choose(random, ACCOUNTS, DISPONENTS, i -> true);
    List<Client> clients = new ArrayList<>(CLIENTS);
    List<Disp> disps = new ArrayList<>(DISPS);
    int[] ownerDisp = new int[ACCOUNTS];
    for (int i = 0; i < ACCOUNTS; i++) {
      Account account = accounts.get(i);
      int ownerDistrict =
          random.nextDouble() < 0.85
              ? account.districtId()
              : districts.get(pick(random, districtWeights)).districtId();
      // Owners are about 43 years old at opening, give or take 15: about one in seven is of
      // pension age, as in the real data.
      double ownerAge = Math.max(16, Math.min(85, 43 + 15 * random.nextGaussian()));
      LocalDate ownerBirth = account.date().minusDays(Math.round(ownerAge * 365.25));
      String ownerGender = random.nextBoolean() ? "M" : "F";
      int clientId = clients.size() + 1;
      clients.add(new Client(clientId, ownerGender, ownerBirth, ownerDistrict));
      disps.add(new Disp(clientId, clientId, account.accountId(), Disp.OWNER));
      ownerDisp[i] = clientId;
      if (hasDisponent[i]) {
        int partnerId = clients.size() + 1;
        String gender =
            random.nextDouble() < 0.9 ? ("M".equals(ownerGender) ? "F" : "M") : ownerGender;
        LocalDate birth = ownerBirth.plusDays(random.nextInt(3_650) - 1_825);
        clients.add(new Client(partnerId, gender, birth, ownerDistrict));
        disps.add(new Disp(partnerId, partnerId, account.accountId(), Disp.DISPONENT));
      }
    }

    List<Card> cards = cards(random, accounts, ownerDisp);
    List<Loan> loans = new ArrayList<>(LOANS);
    boolean[] hasLoan =
        choose(
            random,
            ACCOUNTS,
            LOANS,
            i -> accounts.get(i).date().isBefore(LocalDate.of(1998, 10, 1)));
    double[] loanPayments = new double[ACCOUNTS];
    for (int i = 0; i < ACCOUNTS; i++) {
      if (!hasLoan[i]) {
        continue;
      }
      Account account = accounts.get(i);
      LocalDate earliest = account.date().plusDays(30);
      long span = ChronoUnit.DAYS.between(earliest, LocalDate.of(1998, 12, 8));
      LocalDate date = earliest.plusDays((long) (span * Math.sqrt(random.nextDouble())));
      int duration = LOAN_DURATIONS[random.nextInt(LOAN_DURATIONS.length)];
      int payments =
          (int) Math.round(Math.min(9_900, Math.max(300, 3_500 * lognormal(random, 0.6))));
      boolean finished = !date.plusMonths(duration).isAfter(LAST_DAY);
      String status =
          finished
              ? (random.nextDouble() < 0.87 ? "A" : "B")
              : (random.nextDouble() < 0.9 ? "C" : "D");
      loans.add(
          new Loan(
              loans.size() + 1,
              account.accountId(),
              date,
              payments * duration,
              duration,
              payments,
              status));
      loanPayments[i] = payments;
    }

    List<PermanentOrder> orders = orders(random, hasLoan, loanPayments);
    return new FinancialTables(districts, accounts, clients, disps, cards, loans, orders);
  }

  private static List<District> districts(Random random) {
    List<District> districts = new ArrayList<>(DISTRICTS);
    List<String> names = new ArrayList<>();
    for (String stem : NAME_STEMS) {
      for (String ending : NAME_ENDINGS) {
        names.add(stem + ending);
      }
    }
    Collections.shuffle(names, random);
    int withoutFigures = 2 + random.nextInt(DISTRICTS - 1); // one district lacks two figures
    int id = 1;
    for (int region = 0; region < REGIONS.size(); region++) {
      for (int k = 0; k < DISTRICTS_PER_REGION[region]; k++, id++) {
        boolean capital = region == 0;
        int inhabitants =
            capital
                ? 1_200_000 + random.nextInt(10_000)
                : (int) (45_000 + 80_000 * lognormal(random, 0.5));
        int cities = capital ? 1 : 2 + random.nextInt(9);
        double urban = capital ? 100.0 : Math.round((35 + 50 * random.nextDouble()) * 10) / 10.0;
        int salary =
            capital ? 12_000 + random.nextInt(600) : (int) (8_100 + 2_400 * random.nextDouble());
        double unemployment95 =
            capital ? 0.3 : Math.round((0.4 + 6.5 * random.nextDouble()) * 100) / 100.0;
        double unemployment96 =
            Math.round(unemployment95 * (0.95 + 0.35 * random.nextDouble()) * 100) / 100.0;
        int crimes95 = (int) (inhabitants * (0.02 + 0.03 * random.nextDouble()));
        int crimes96 = (int) (crimes95 * (0.9 + 0.25 * random.nextDouble()));
        boolean missing = id == withoutFigures;
        districts.add(
            new District(
                id,
                capital ? "Praha" : names.get(id),
                REGIONS.get(region),
                Integer.toString(inhabitants),
                Integer.toString(capital ? 0 : 10 + random.nextInt(120)),
                Integer.toString(capital ? 0 : 5 + random.nextInt(40)),
                Integer.toString(capital ? 0 : random.nextInt(12)),
                capital ? 1 : random.nextInt(6),
                cities,
                urban,
                salary,
                missing ? null : unemployment95,
                unemployment96,
                capital ? 167 : 80 + random.nextInt(75),
                missing ? null : crimes95,
                crimes96));
      }
    }
    return districts;
  }

  private static List<Card> cards(Random random, List<Account> accounts, int[] ownerDisp) {
    List<String> types = new ArrayList<>(CARDS);
    types.addAll(Collections.nCopies(659, "classic"));
    types.addAll(Collections.nCopies(145, "junior"));
    types.addAll(Collections.nCopies(CARDS - 659 - 145, "gold"));
    Collections.shuffle(types, random);
    boolean[] holder =
        choose(
            random,
            accounts.size(),
            CARDS,
            i -> accounts.get(i).date().isBefore(LocalDate.of(1998, 11, 1)));
    List<Card> cards = new ArrayList<>(CARDS);
    for (int i = 0; i < accounts.size(); i++) {
      if (!holder[i]) {
        continue;
      }
      LocalDate earliest = accounts.get(i).date().plusDays(20);
      long span = ChronoUnit.DAYS.between(earliest, LAST_DAY);
      // Cards came late in the period: most were issued in 1997 and 1998.
      LocalDate issued = LAST_DAY.minusDays((long) (span * Math.pow(random.nextDouble(), 2)));
      cards.add(new Card(cards.size() + 1, ownerDisp[i], types.get(cards.size()), issued));
    }
    return cards;
  }

  private static List<PermanentOrder> orders(
      Random random, boolean[] hasLoan, double[] loanPayments) {
    // Loan accounts repay through an order, so every one of them has at least that order.
    boolean[] ordering = new boolean[ACCOUNTS];
    int count = 0;
    for (int i = 0; i < ACCOUNTS; i++) {
      if (hasLoan[i]) {
        ordering[i] = true;
        count++;
      }
    }
    boolean[] more = choose(random, ACCOUNTS, ACCOUNTS_WITH_ORDERS - count, i -> !hasLoan[i]);
    int[] perAccount = new int[ACCOUNTS];
    List<Integer> orderingAccounts = new ArrayList<>();
    for (int i = 0; i < ACCOUNTS; i++) {
      if (ordering[i] || more[i]) {
        perAccount[i] = 1;
        orderingAccounts.add(i);
      }
    }
    int extra = ORDERS - orderingAccounts.size();
    while (extra > 0) {
      int i = orderingAccounts.get(random.nextInt(orderingAccounts.size()));
      if (perAccount[i] < MAX_ORDERS_PER_ACCOUNT) {
        perAccount[i]++;
        extra--;
      }
    }
    List<String> kSymbols = new ArrayList<>(ORDERS - LOANS);
    kSymbols.addAll(Collections.nCopies(3_502, "SIPO"));
    kSymbols.addAll(Collections.nCopies(1_379, " "));
    kSymbols.addAll(Collections.nCopies(532, "POJISTNE"));
    kSymbols.addAll(Collections.nCopies(341, "LEASING"));
    kSymbols.addAll(Collections.nCopies(ORDERS - LOANS - 3_502 - 1_379 - 532 - 341, "UVER"));
    Collections.shuffle(kSymbols, random);
    int nextSymbol = 0;
    List<PermanentOrder> orders = new ArrayList<>(ORDERS);
    for (int i = 0; i < ACCOUNTS; i++) {
      for (int k = 0; k < perAccount[i]; k++) {
        String bank = TransGenerator.BANKS.get(random.nextInt(TransGenerator.BANKS.size()));
        int partner = 10_000_000 + random.nextInt(90_000_000);
        boolean loanOrder = hasLoan[i] && k == 0;
        double amount =
            loanOrder
                ? loanPayments[i]
                : Math.round(Math.min(14_800, Math.max(1, 2_600 * lognormal(random, 0.75))) * 10)
                    / 10.0;
        String kSymbol = loanOrder ? "UVER" : kSymbols.get(nextSymbol++);
        orders.add(new PermanentOrder(orders.size() + 1, i + 1, bank, partner, amount, kSymbol));
      }
    }
    return orders;
  }

  /** Marks exactly {@code n} of the {@code size} indexes that pass {@code eligible}, at random. */
  private static boolean[] choose(
      Random random, int size, int n, java.util.function.IntPredicate eligible) {
    List<Integer> candidates = new ArrayList<>();
    for (int i = 0; i < size; i++) {
      if (eligible.test(i)) {
        candidates.add(i);
      }
    }
    if (candidates.size() < n) {
      throw new IllegalStateException("only " + candidates.size() + " candidates for " + n);
    }
    Collections.shuffle(candidates, random);
    boolean[] chosen = new boolean[size];
    for (int k = 0; k < n; k++) {
      chosen[candidates.get(k)] = true;
    }
    return chosen;
  }

  private static int pick(Random random, double[] weights) {
    double total = 0;
    for (double w : weights) {
      total += w;
    }
    double x = random.nextDouble() * total;
    for (int i = 0; i < weights.length; i++) {
      x -= weights[i];
      if (x < 0) {
        return i;
      }
    }
    return weights.length - 1;
  }

  private static double lognormal(Random random, double sigma) {
    return StrictMath.exp(sigma * random.nextGaussian() - sigma * sigma / 2);
  }
}
