package io.assay.datasets.financial;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Generates the {@code trans} table from the other seven tables, deterministically for a seed.
 *
 * <p>Each account is simulated month by month from its opening date to 1998-12-31 with its own
 * random stream (so one account's history does not depend on any other's), following the structure
 * of the original data: permanent orders become monthly 'PREVOD NA UCET' payments with the order's
 * k_symbol and partner; loans are repaid monthly ('UVER', through the account's UVER order where it
 * has one); interest ('UROK', operation NULL) is credited at every month end and monthly-statement
 * accounts pay a 'SLUZBY' fee; pensions ('DUCHOD', once the owner reaches retirement age) and
 * salaries arrive as 'PREVOD Z UCTU'; cash deposits ('VKLAD') and withdrawals ('VYBER') keep the
 * balance near a per-account target; card holders withdraw by card ('VYBER KARTOU') from the issue
 * date; a negative month-end balance is charged 'SANKC. UROK'. Accounts whose loan ended unpaid (B)
 * or runs in debt (D) drift below zero during the loan.
 *
 * <p>Rows get trans_id in date order (ties by account, then by order within the account), so the
 * balance is the running sum of signed amounts per account ordered by (date, trans_id).
 */
public final class TransGenerator {

  /** The fixed seed of the warehouse. */
  public static final long DEFAULT_SEED = 19990101L;

  /**
   * Bumped whenever the generator's output changes for the same input, so a persisted warehouse
   * built by an older version is reloaded.
   */
  public static final int VERSION = 2;

  public static final LocalDate FIRST_DAY = LocalDate.of(1993, 1, 1);
  public static final LocalDate LAST_DAY = LocalDate.of(1998, 12, 31);

  static final int MONTHS = 72;
  static final int MAX_AMOUNT = 87_400;
  static final List<String> BANKS =
      List.of("AB", "CD", "EF", "GH", "IJ", "KL", "MN", "OP", "QR", "ST", "UV", "WX", "YZ");

  // Rates, calibrated so the table's shares land on the README's figures (TransStatisticsTest
  // checks them).
  private static final double SALARY_SHARE = 0.24;
  private static final double CASH_INCOME_DEPOSITS_PER_MONTH = 0.95;
  private static final double TRANSFER_INCOME_DEPOSITS_PER_MONTH = 0.2;
  private static final double WITHDRAWALS_PER_MONTH = 1.45;
  private static final double CARD_WITHDRAWALS_PER_MONTH = 0.7;
  // Typed orders (household, insurance, leasing) mostly start soon after opening; untyped ones
  // (blank k_symbol) at any time of the account's life.
  private static final double TYPED_ORDER_START_SPREAD = 0.1;
  private static final double UNTYPED_ORDER_START_SPREAD = 1.0;
  private static final double MAX_TARGET_BALANCE = 120_000;
  private static final double VYBER_TYPE_SHARE = 0.066;
  // Some deposits carry the placeholder partner account 0 without a bank: the README's account
  // NULL share (72%) is two points below its bank NULL share (74.1%).
  private static final double DEPOSIT_ACCOUNT_ZERO_SHARE = 0.14;
  private static final double MONTHLY_INTEREST = 0.003;
  private static final double MONTHLY_PENALTY = 0.01;
  private static final int STATEMENT_FEE = 15;

  // Within one day: money in, then standing payments, then cash out, then month-end bookings.
  private static final int INCOME = 0;
  private static final int STANDING = 1;
  private static final int SPENDING = 2;

  private static final int[] MONTH_START = new int[MONTHS + 1];

  static {
    for (int m = 0; m <= MONTHS; m++) {
      MONTH_START[m] = (int) FIRST_DAY.plusMonths(m).toEpochDay();
    }
  }

  private TransGenerator() {}

  /** Generates trans for the tables with {@link #DEFAULT_SEED}. */
  public static TransTable generate(FinancialTables tables) {
    return generate(tables, DEFAULT_SEED);
  }

  public static TransTable generate(FinancialTables tables, long seed) {
    Dictionary kSymbols = new Dictionary();
    for (String k :
        List.of("UROK", "SLUZBY", "SIPO", "DUCHOD", "POJISTNE", "UVER", "SANKC. UROK")) {
      kSymbols.code(k);
    }
    Dictionary banks = new Dictionary();
    BANKS.forEach(banks::code);
    Rows rows = new Rows();
    Inputs inputs = new Inputs(tables);
    tables.accounts().stream()
        .sorted((a, b) -> Integer.compare(a.accountId(), b.accountId()))
        .forEach(
            a ->
                new AccountSimulation(
                        a, inputs, new Random(mix(seed, a.accountId())), rows, kSymbols, banks)
                    .run());
    return rows.toTable(kSymbols.values(), banks.values());
  }

  /** SplitMix64 finaliser: decorrelates the per-account seeds of neighbouring ids. */
  static long mix(long seed, long id) {
    long z = seed + 0x9E3779B97F4A7C15L * (id + 1);
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }

  static int monthIndex(int epochDay) {
    int m = Arrays.binarySearch(MONTH_START, epochDay);
    return m >= 0 ? m : -m - 2;
  }

  /** The other tables, indexed by account. */
  private static final class Inputs {
    final Map<Integer, District> districts = new HashMap<>();
    final Map<Integer, Client> owners = new HashMap<>();
    final Map<Integer, List<PermanentOrder>> orders = new HashMap<>();
    final Map<Integer, List<Loan>> loans = new HashMap<>();
    final Map<Integer, List<Card>> cards = new HashMap<>();

    Inputs(FinancialTables t) {
      t.districts().forEach(d -> districts.put(d.districtId(), d));
      Map<Integer, Client> clients = new HashMap<>();
      t.clients().forEach(c -> clients.put(c.clientId(), c));
      Map<Integer, Disp> disps = new HashMap<>();
      for (Disp d : t.disps()) {
        disps.put(d.dispId(), d);
        if (Disp.OWNER.equals(d.type())) {
          owners.putIfAbsent(d.accountId(), clients.get(d.clientId()));
        }
      }
      t.orders().forEach(o -> orders.computeIfAbsent(o.accountId(), k -> new ArrayList<>()).add(o));
      t.loans().forEach(l -> loans.computeIfAbsent(l.accountId(), k -> new ArrayList<>()).add(l));
      for (Card c : t.cards()) {
        Disp d = disps.get(c.dispId());
        if (d != null) {
          cards.computeIfAbsent(d.accountId(), k -> new ArrayList<>()).add(c);
        }
      }
    }
  }

  /** String values of a column and their codes, in first-seen order. */
  static final class Dictionary {
    private final Map<String, Short> codes = new LinkedHashMap<>();

    short code(String value) {
      if (value == null) {
        return TransTable.NULL_CODE;
      }
      return codes.computeIfAbsent(value, v -> (short) codes.size());
    }

    List<String> values() {
      return List.copyOf(codes.keySet());
    }
  }

  /** Growable columns in generation order (accounts one after another, each chronological). */
  static final class Rows {
    int size;
    int[] accountId = new int[1 << 16];
    int[] epochDay = new int[1 << 16];
    byte[] type = new byte[1 << 16];
    byte[] operation = new byte[1 << 16];
    int[] amount = new int[1 << 16];
    int[] balance = new int[1 << 16];
    short[] kSymbol = new short[1 << 16];
    short[] bank = new short[1 << 16];
    int[] account = new int[1 << 16];

    void add(
        int accountIdValue,
        int day,
        byte typeValue,
        byte operationValue,
        int amountValue,
        int balanceValue,
        short kSymbolValue,
        short bankValue,
        int accountValue) {
      if (size == accountId.length) {
        int n = size * 2;
        accountId = Arrays.copyOf(accountId, n);
        epochDay = Arrays.copyOf(epochDay, n);
        type = Arrays.copyOf(type, n);
        operation = Arrays.copyOf(operation, n);
        amount = Arrays.copyOf(amount, n);
        balance = Arrays.copyOf(balance, n);
        kSymbol = Arrays.copyOf(kSymbol, n);
        bank = Arrays.copyOf(bank, n);
        account = Arrays.copyOf(account, n);
      }
      accountId[size] = accountIdValue;
      epochDay[size] = day;
      type[size] = typeValue;
      operation[size] = operationValue;
      amount[size] = amountValue;
      balance[size] = balanceValue;
      kSymbol[size] = kSymbolValue;
      bank[size] = bankValue;
      account[size] = accountValue;
      size++;
    }

    /** Puts rows in (date, generation order) order, which becomes trans_id order. */
    TransTable toTable(List<String> kSymbols, List<String> banks) {
      long[] keys = new long[size];
      int base = MONTH_START[0];
      for (int i = 0; i < size; i++) {
        keys[i] = ((long) (epochDay[i] - base) << 32) | i;
      }
      Arrays.sort(keys);
      int[] a = new int[size];
      int[] d = new int[size];
      byte[] t = new byte[size];
      byte[] o = new byte[size];
      int[] am = new int[size];
      int[] b = new int[size];
      short[] k = new short[size];
      short[] bk = new short[size];
      int[] ac = new int[size];
      for (int j = 0; j < size; j++) {
        int i = (int) keys[j];
        a[j] = accountId[i];
        d[j] = epochDay[i];
        t[j] = type[i];
        o[j] = operation[i];
        am[j] = amount[i];
        b[j] = balance[i];
        k[j] = kSymbol[i];
        bk[j] = bank[i];
        ac[j] = account[i];
      }
      return new TransTable(size, a, d, t, o, am, b, k, kSymbols, bk, banks, ac);
    }
  }

  /** A planned booking of one month, before its amount is settled against the balance. */
  private record Event(
      int day,
      int phase,
      int seq,
      byte type,
      byte operation,
      double plannedAmount,
      short kSymbol,
      short bank,
      int partner,
      boolean cash) {}

  /** A monthly standing payment: a permanent order or a loan's repayment. */
  private record Standing(
      int firstMonth,
      int lastMonth,
      int dayOfMonth,
      int amount,
      short kSymbol,
      short bank,
      int partner,
      boolean loan) {}

  /** A loan in trouble: the account's balance is steered to a negative target for a while. */
  private record Distress(int fromMonth, int toMonth, int targetBalance) {}

  private static final class AccountSimulation {
    private final Account account;
    private final Random random;
    private final Rows rows;
    private final Dictionary kSymbols;
    private final Dictionary banks;
    private final int openDay;
    private final int openMonth;
    private final List<Standing> standing = new ArrayList<>();
    private final List<Integer> cardIssueDays = new ArrayList<>();
    private final List<Distress> distress = new ArrayList<>();
    private final short urok;
    private final short sluzby;
    private final short duchod;
    private final short sankcUrok;

    private final double living;
    private final double targetFactor;
    private final double activity;
    private final boolean salaried;
    private int salary;
    private final int salaryDay;
    private final int pensionFromMonth;
    private final int pension;
    private final int pensionDay;
    private final short payerBank;
    private final int payerAccount;

    private long balance;
    private int seq;

    AccountSimulation(
        Account account,
        Inputs inputs,
        Random random,
        Rows rows,
        Dictionary kSymbols,
        Dictionary banks) {
      this.account = account;
      this.random = random;
      this.rows = rows;
      this.kSymbols = kSymbols;
      this.banks = banks;
      this.urok = kSymbols.code("UROK");
      this.sluzby = kSymbols.code("SLUZBY");
      this.duchod = kSymbols.code("DUCHOD");
      this.sankcUrok = kSymbols.code("SANKC. UROK");
      this.openDay = (int) account.date().toEpochDay();
      this.openMonth = monthIndex(Math.max(openDay, MONTH_START[0]));
      int lifetime = Math.max(1, MONTHS - openMonth);

      District district = inputs.districts.get(account.districtId());
      double averageSalary = district != null && district.a11() != null ? district.a11() : 9_500;
      this.living = averageSalary * 0.5 * lognormal(0.4);
      this.targetFactor = 1.5 + 3.0 * random.nextDouble();
      this.activity = lognormal(0.35);

      Client owner = inputs.owners.get(account.accountId());
      int pensionMonth = Integer.MAX_VALUE;
      if (owner != null) {
        LocalDate retires = owner.birthDate().plusYears("F".equals(owner.gender()) ? 57 : 60);
        if (!retires.isAfter(LAST_DAY)) {
          pensionMonth =
              Math.max(openMonth, monthIndex(Math.max((int) retires.toEpochDay(), MONTH_START[0])));
        }
      }
      this.pensionFromMonth = pensionMonth;
      this.pension = (int) Math.round(2_800 + 5_000 * random.nextDouble());
      this.pensionDay = 1 + random.nextInt(28);
      this.salaried = pensionMonth == Integer.MAX_VALUE && random.nextDouble() < SALARY_SHARE;
      this.salaryDay = 1 + random.nextInt(28);
      this.payerBank = banks.code(BANKS.get(random.nextInt(BANKS.size())));
      this.payerAccount = partnerAccountNumber();

      List<PermanentOrder> orders =
          new ArrayList<>(inputs.orders.getOrDefault(account.accountId(), List.of()));
      for (Loan loan : inputs.loans.getOrDefault(account.accountId(), List.of())) {
        // The loan is repaid through the account's UVER order of the same amount, if any.
        PermanentOrder through = null;
        for (PermanentOrder o : orders) {
          if ("UVER".equals(o.kSymbol()) && Math.abs(o.amount() - loan.payments()) < 1.0) {
            through = o;
            break;
          }
        }
        if (through != null) {
          orders.remove(through);
        }
        int loanMonth = monthIndex((int) loan.date().toEpochDay());
        int first = loanMonth + 1;
        int last = Math.min(MONTHS - 1, loanMonth + loan.duration());
        standing.add(
            new Standing(
                first,
                last,
                loan.date().getDayOfMonth(),
                clampAmount(loan.payments()),
                kSymbols.code("UVER"),
                through != null ? banks.code(through.bankTo()) : randomBank(),
                through != null && through.accountTo() != null
                    ? through.accountTo()
                    : partnerAccountNumber(),
                true));
        if (("B".equals(loan.status()) || "D".equals(loan.status())) && first <= last) {
          int from = first + (int) ((last - first) * (0.2 + 0.5 * random.nextDouble()));
          int to = "D".equals(loan.status()) ? MONTHS - 1 : last;
          int target = (int) -(loan.payments() * (1.0 + 3.0 * random.nextDouble()));
          distress.add(new Distress(from, to, target));
        }
      }
      for (PermanentOrder o : orders) {
        boolean typed = o.kSymbol() != null && !o.kSymbol().isBlank();
        double spread = typed ? TYPED_ORDER_START_SPREAD : UNTYPED_ORDER_START_SPREAD;
        int first = openMonth + (int) (random.nextDouble() * spread * lifetime);
        standing.add(
            new Standing(
                first,
                MONTHS - 1,
                1 + random.nextInt(28),
                clampAmount(o.amount()),
                kSymbols.code(o.kSymbol()),
                banks.code(o.bankTo()),
                o.accountTo() != null ? o.accountTo() : TransTable.NULL_ACCOUNT,
                false));
      }
      for (Card c : inputs.cards.getOrDefault(account.accountId(), List.of())) {
        cardIssueDays.add((int) c.issued().toEpochDay());
      }
      // Whoever is paid a salary earns enough for their standing payments and living.
      double standingTotal = standing.stream().mapToInt(Standing::amount).sum();
      this.salary =
          (int) Math.round((living + standingTotal) * (1.05 + 0.4 * random.nextDouble()) / 10.0)
              * 10;
    }

    void run() {
      if (openDay > LAST_DAY.toEpochDay()) {
        return;
      }
      for (int m = openMonth; m < MONTHS; m++) {
        month(m);
      }
    }

    private void month(int m) {
      int monthFirst = Math.max(MONTH_START[m], openDay);
      int monthLast = MONTH_START[m + 1] - 1;
      int monthLength = MONTH_START[m + 1] - MONTH_START[m];
      List<Event> events = new ArrayList<>();
      // The order of the steps is the order of the random draws: changing it changes the data.
      double income = incomeEvents(m, monthFirst, monthLength, events);
      double fixedOut = standingEvents(m, monthFirst, monthLength, events);
      double target = Math.min(MAX_TARGET_BALANCE, (living + fixedOut) * targetFactor);
      for (Distress d : distress) {
        if (m >= d.fromMonth() && m <= d.toMonth()) {
          target = d.targetBalance();
        }
      }
      depositEvents(m, monthFirst, monthLast, income, fixedOut, target, events);
      spendingEvents(monthFirst, monthLast, income, fixedOut, target, events);
      cardEvents(monthFirst, monthLast, monthLength, events);

      events.sort(
          (a, b) ->
              a.day() != b.day()
                  ? Integer.compare(a.day(), b.day())
                  : a.phase() != b.phase()
                      ? Integer.compare(a.phase(), b.phase())
                      : Integer.compare(a.seq(), b.seq()));
      for (Event e : events) {
        book(e);
      }
      monthEnd(monthLast);
    }

    /** The opening deposit, salary and pension of month {@code m}; returns the income booked. */
    private double incomeEvents(int m, int monthFirst, int monthLength, List<Event> events) {
      double yearsOpen = (m - openMonth) / 12.0;
      if (m == openMonth) {
        events.add(cashDeposit(openDay, 200 + 1_300 * random.nextDouble()));
      }
      double income = 0;
      if (salaried) {
        int day = MONTH_START[m] + Math.min(salaryDay, monthLength) - 1;
        double amount = salary * StrictMath.pow(1.05, Math.floor(yearsOpen));
        if (day >= monthFirst) {
          events.add(transferIn(day, amount, TransTable.NULL_CODE));
          income += amount;
        }
      }
      if (m >= pensionFromMonth) {
        int day = MONTH_START[m] + Math.min(pensionDay, monthLength) - 1;
        double amount = pension * StrictMath.pow(1.06, m / 12);
        if (day >= monthFirst) {
          events.add(transferIn(day, amount, duchod));
          income += amount;
        }
      }
      return income;
    }

    /** The statement fee and standing payments of month {@code m}; returns what they take out. */
    private double standingEvents(int m, int monthFirst, int monthLength, List<Event> events) {
      double fixedOut = Account.MONTHLY.equals(account.frequency()) ? STATEMENT_FEE : 0;
      for (Standing s : standing) {
        if (m < s.firstMonth() || m > s.lastMonth()) {
          continue;
        }
        int day = MONTH_START[m] + Math.min(s.dayOfMonth(), monthLength) - 1;
        if (day < monthFirst) {
          continue;
        }
        events.add(
            new Event(
                day,
                STANDING,
                seq++,
                TransTable.VYDAJ,
                TransTable.OP_PREVOD_NA_UCET,
                s.amount(),
                s.kSymbol(),
                s.bank(),
                s.partner(),
                false));
        fixedOut += s.amount();
      }
      return fixedOut;
    }

    /** Cash deposits that bring the balance towards its target. */
    private void depositEvents(
        int m,
        int monthFirst,
        int monthLast,
        double income,
        double fixedOut,
        double target,
        List<Event> events) {
      boolean cashIncome = !salaried && m < pensionFromMonth;
      int deposits =
          poisson(cashIncome ? CASH_INCOME_DEPOSITS_PER_MONTH : TRANSFER_INCOME_DEPOSITS_PER_MONTH);
      double toDeposit =
          Math.max(0, living + fixedOut - income + (target - balance) * 0.35)
              * (0.8 + 0.4 * random.nextDouble());
      if (deposits == 0 && toDeposit > living + fixedOut) {
        deposits = 1; // far below target: the owner brings cash rather than run into debt
      }
      double[] depositShares = shares(deposits);
      for (int i = 0; i < deposits; i++) {
        int day = randomDay(monthFirst, monthLast);
        events.add(cashDeposit(day, Math.max(100, toDeposit * depositShares[i])));
      }
    }

    /** Cash withdrawals for living, and for savings above the target. */
    private void spendingEvents(
        int monthFirst,
        int monthLast,
        double income,
        double fixedOut,
        double target,
        List<Event> events) {
      int withdrawals = poisson(WITHDRAWALS_PER_MONTH * activity);
      double excess = Math.max(0, balance + income - fixedOut - target);
      double toSpend = living * (0.75 + 0.5 * random.nextDouble()) + excess * 0.3;
      if (withdrawals == 0 && excess > target) {
        withdrawals = 1; // far above target: savings do not pile up without end
      }
      double[] spendShares = shares(withdrawals);
      for (int i = 0; i < withdrawals; i++) {
        byte type =
            random.nextDouble() < VYBER_TYPE_SHARE ? TransTable.VYBER_TYPE : TransTable.VYDAJ;
        events.add(
            new Event(
                randomDay(monthFirst, monthLast),
                SPENDING,
                seq++,
                type,
                TransTable.OP_VYBER,
                toSpend * spendShares[i],
                TransTable.NULL_CODE,
                TransTable.NULL_CODE,
                TransTable.NULL_ACCOUNT,
                true));
      }
    }

    /** Card withdrawals of every card issued by the month's end. */
    private void cardEvents(int monthFirst, int monthLast, int monthLength, List<Event> events) {
      for (int issued : cardIssueDays) {
        int from = Math.max(monthFirst, issued);
        if (from > monthLast) {
          continue;
        }
        int count = poisson(CARD_WITHDRAWALS_PER_MONTH * (monthLast - from + 1) / monthLength);
        for (int i = 0; i < count; i++) {
          events.add(
              new Event(
                  randomDay(from, monthLast),
                  SPENDING,
                  seq++,
                  TransTable.VYDAJ,
                  TransTable.OP_VYBER_KARTOU,
                  300 + 2_500 * lognormal(0.6),
                  TransTable.NULL_CODE,
                  TransTable.NULL_CODE,
                  TransTable.NULL_ACCOUNT,
                  true));
        }
      }
    }

    private void book(Event e) {
      int amount;
      if (e.cash() && e.type() != TransTable.PRIJEM) {
        // Cash goes out in hundreds and only what the account holds.
        long available = Math.min(MAX_AMOUNT, balance);
        amount = (int) (Math.min(e.plannedAmount(), available) / 100) * 100;
        if (amount < 100) {
          return;
        }
      } else {
        amount = clampAmount(e.plannedAmount());
      }
      emit(e.day(), e.type(), e.operation(), amount, e.kSymbol(), e.bank(), e.partner());
    }

    private void monthEnd(int day) {
      int interest = balance > 0 ? (int) Math.round(balance * MONTHLY_INTEREST) : 0;
      emit(
          day,
          TransTable.PRIJEM,
          TransTable.NO_OPERATION,
          interest,
          urok,
          TransTable.NULL_CODE,
          TransTable.NULL_ACCOUNT);
      if (Account.MONTHLY.equals(account.frequency())) {
        emit(
            day,
            TransTable.VYDAJ,
            TransTable.OP_VYBER,
            STATEMENT_FEE,
            sluzby,
            TransTable.NULL_CODE,
            TransTable.NULL_ACCOUNT);
      }
      if (balance < 0) {
        int penalty = (int) Math.max(1, Math.round(-balance * MONTHLY_PENALTY));
        emit(
            day,
            TransTable.VYDAJ,
            TransTable.OP_VYBER,
            penalty,
            sankcUrok,
            TransTable.NULL_CODE,
            TransTable.NULL_ACCOUNT);
      }
    }

    private void emit(
        int day, byte type, byte operation, int amount, short kSymbol, short bank, int partner) {
      balance += type == TransTable.PRIJEM ? amount : -amount;
      rows.add(
          account.accountId(), day, type, operation, amount, (int) balance, kSymbol, bank, partner);
    }

    private Event cashDeposit(int day, double amount) {
      boolean slip = random.nextDouble() < DEPOSIT_ACCOUNT_ZERO_SHARE;
      return new Event(
          day,
          INCOME,
          seq++,
          TransTable.PRIJEM,
          TransTable.OP_VKLAD,
          amount,
          TransTable.NULL_CODE,
          TransTable.NULL_CODE,
          slip ? 0 : TransTable.NULL_ACCOUNT,
          true);
    }

    private Event transferIn(int day, double amount, short kSymbol) {
      return new Event(
          day,
          INCOME,
          seq++,
          TransTable.PRIJEM,
          TransTable.OP_PREVOD_Z_UCTU,
          amount,
          kSymbol,
          payerBank,
          payerAccount,
          false);
    }

    private int randomDay(int from, int to) {
      return from + random.nextInt(to - from + 1);
    }

    private short randomBank() {
      return banks.code(BANKS.get(random.nextInt(BANKS.size())));
    }

    private int partnerAccountNumber() {
      return 10_000_000 + random.nextInt(90_000_000);
    }

    private double[] shares(int n) {
      double[] w = new double[n];
      double sum = 0;
      for (int i = 0; i < n; i++) {
        w[i] = 0.2 + random.nextDouble();
        sum += w[i];
      }
      for (int i = 0; i < n; i++) {
        w[i] /= sum;
      }
      return w;
    }

    private double lognormal(double sigma) {
      return StrictMath.exp(sigma * random.nextGaussian() - sigma * sigma / 2);
    }

    private int poisson(double mean) {
      double limit = StrictMath.exp(-mean);
      int k = 0;
      double p = random.nextDouble();
      while (p > limit) {
        k++;
        p *= random.nextDouble();
      }
      return k;
    }
  }

  static int clampAmount(double amount) {
    return (int) Math.max(0, Math.min(MAX_AMOUNT, Math.round(amount)));
  }
}
