// The CPU's retirement port for vexsim_ctrl's instruction classes: VexRiscv's last stage, which
// every variant's netlist marks `verilator public` (the signals its minstret counts), read by
// name from the instance LiteX calls VexRiscv. Reading by name leaves the CPU netlist as LiteX
// builds it; the block exists in the simulation only.
module vexsim_retire (
    output wire        valid,
    output wire [31:0] insn
);
    assign valid = VexRiscv.lastStageIsFiring;
    assign insn  = VexRiscv.lastStageInstruction;
endmodule
