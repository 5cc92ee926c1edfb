package io.assay.datasets.financial;

import java.util.List;

/** The seven source tables of the warehouse, in memory (they are small; only trans is big). */
public record FinancialTables(
    List<District> districts,
    List<Account> accounts,
    List<Client> clients,
    List<Disp> disps,
    List<Card> cards,
    List<Loan> loans,
    List<PermanentOrder> orders) {

  public FinancialTables {
    districts = List.copyOf(districts);
    accounts = List.copyOf(accounts);
    clients = List.copyOf(clients);
    disps = List.copyOf(disps);
    cards = List.copyOf(cards);
    loans = List.copyOf(loans);
    orders = List.copyOf(orders);
  }
}
