package io.assay.algorithms.eval.rca;

import io.assay.algorithms.rca.LeafTable;
import java.util.Set;

/**
 * One benchmark case: the leaves at the anomalous moment and the true root-cause set.
 *
 * @param dataset B0, S, L or RS (the top folder)
 * @param setting sub-folder within the dataset ("" when there is none)
 * @param id case id (timestamp or file name)
 * @param truth normalised true elements (pairs sorted, duplicates dropped)
 */
public record RcaCase(
    String dataset, String setting, String id, LeafTable leaves, Set<String> truth) {}
