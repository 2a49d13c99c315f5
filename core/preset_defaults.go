package core

import (
	"encoding/json"
	"fmt"
)

// setDefaults replaces a schema's default values by those of a chromosome
// file (a tuned default shipped with the program): the schema's code keeps
// the shape, bounds and the hand-set starting point, the file the values
// evolution found and games confirmed (docs/RESULTS.md).
func setDefaults(s *Schema, file []byte) error {
	var raw rawChromosome
	if err := json.Unmarshal(file, &raw); err != nil {
		return fmt.Errorf("defaults of %s: %w", s.Name, jsonError(err))
	}
	if raw.Format == nil || *raw.Format != ChromosomeFormat || raw.Schema == nil || *raw.Schema != s.Name {
		return fmt.Errorf("defaults of %s: not a chromosome file of that schema", s.Name)
	}
	values, err := decodeGenes(s, raw.Genes)
	if err != nil {
		return fmt.Errorf("defaults of %s: %w", s.Name, err)
	}
	switches, err := decodeSwitches(raw.Switches)
	if err != nil {
		return fmt.Errorf("defaults of %s: %w", s.Name, err)
	}
	for i := range s.Genes {
		s.Genes[i].Default = values[i]
	}
	s.switches = switches // the values' own: full's set 3 was tuned with EvalTerms2 on
	return nil
}
