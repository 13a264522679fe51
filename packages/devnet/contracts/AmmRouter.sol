// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {AmmFactory} from "./AmmFactory.sol";
import {AmmPair} from "./AmmPair.sol";
import {WrappedEther} from "./WrappedEther.sol";

/// Quotes and swaps along a path of AmmPair pools, with Uniswap V2 Router's names and arguments
/// for the exact-input swaps (tokens, and native Ether through WrappedEther).
contract AmmRouter {
    using SafeERC20 for IERC20;

    AmmFactory public immutable factory;
    WrappedEther public immutable WETH;

    error Expired();
    error InvalidPath();
    error NoPool(address tokenA, address tokenB);
    error InsufficientOutputAmount();
    error InsufficientInputAmount();
    error InsufficientLiquidity();
    error EtherTransferFailed();

    modifier ensure(uint256 deadline) {
        if (block.timestamp > deadline) revert Expired();
        _;
    }

    constructor(AmmFactory factory_, WrappedEther weth_) {
        factory = factory_;
        WETH = weth_;
    }

    /// Only WETH sends Ether here (when unwrapping a swap's output).
    receive() external payable {
        if (msg.sender != address(WETH)) revert EtherTransferFailed();
    }

    /// Output of one pool for `amountIn`, after the pool's 0.3% fee.
    function getAmountOut(uint256 amountIn, uint256 reserveIn, uint256 reserveOut) public pure returns (uint256) {
        if (amountIn == 0) revert InsufficientInputAmount();
        if (reserveIn == 0 || reserveOut == 0) revert InsufficientLiquidity();
        uint256 amountInWithFee = amountIn * 997;
        return (amountInWithFee * reserveOut) / (reserveIn * 1000 + amountInWithFee);
    }

    function getAmountsOut(uint256 amountIn, address[] calldata path) public view returns (uint256[] memory amounts) {
        if (path.length < 2) revert InvalidPath();
        amounts = new uint256[](path.length);
        amounts[0] = amountIn;
        for (uint256 i = 0; i < path.length - 1; i++) {
            (uint256 reserveIn, uint256 reserveOut) = _reserves(path[i], path[i + 1]);
            amounts[i + 1] = getAmountOut(amounts[i], reserveIn, reserveOut);
        }
    }

    function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] calldata path, address to, uint256 deadline)
        external
        ensure(deadline)
        returns (uint256[] memory amounts)
    {
        amounts = _quote(amountIn, amountOutMin, path);
        IERC20(path[0]).safeTransferFrom(msg.sender, _pair(path[0], path[1]), amounts[0]);
        _swap(amounts, path, to);
    }

    function swapExactETHForTokens(uint256 amountOutMin, address[] calldata path, address to, uint256 deadline)
        external
        payable
        ensure(deadline)
        returns (uint256[] memory amounts)
    {
        if (path[0] != address(WETH)) revert InvalidPath();
        amounts = _quote(msg.value, amountOutMin, path);
        WETH.deposit{value: amounts[0]}();
        IERC20(address(WETH)).safeTransfer(_pair(path[0], path[1]), amounts[0]);
        _swap(amounts, path, to);
    }

    function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] calldata path, address to, uint256 deadline)
        external
        ensure(deadline)
        returns (uint256[] memory amounts)
    {
        if (path[path.length - 1] != address(WETH)) revert InvalidPath();
        amounts = _quote(amountIn, amountOutMin, path);
        IERC20(path[0]).safeTransferFrom(msg.sender, _pair(path[0], path[1]), amounts[0]);
        _swap(amounts, path, address(this));
        uint256 amountOut = amounts[amounts.length - 1];
        WETH.withdraw(amountOut);
        (bool sent, ) = to.call{value: amountOut}("");
        if (!sent) revert EtherTransferFailed();
    }

    function _quote(uint256 amountIn, uint256 amountOutMin, address[] calldata path) private view returns (uint256[] memory amounts) {
        amounts = getAmountsOut(amountIn, path);
        if (amounts[amounts.length - 1] < amountOutMin) revert InsufficientOutputAmount();
    }

    /// Each pool pays its output straight into the next pool, the last one to `to`.
    function _swap(uint256[] memory amounts, address[] calldata path, address to) private {
        for (uint256 i = 0; i < path.length - 1; i++) {
            (address input, address output) = (path[i], path[i + 1]);
            uint256 amountOut = amounts[i + 1];
            (uint256 amount0Out, uint256 amount1Out) = input < output ? (uint256(0), amountOut) : (amountOut, uint256(0));
            address recipient = i < path.length - 2 ? _pair(output, path[i + 2]) : to;
            AmmPair(_pair(input, output)).swap(amount0Out, amount1Out, recipient);
        }
    }

    function _pair(address tokenA, address tokenB) private view returns (address pair) {
        pair = factory.getPair(tokenA, tokenB);
        if (pair == address(0)) revert NoPool(tokenA, tokenB);
    }

    function _reserves(address tokenIn, address tokenOut) private view returns (uint256 reserveIn, uint256 reserveOut) {
        (uint112 reserve0, uint112 reserve1, ) = AmmPair(_pair(tokenIn, tokenOut)).getReserves();
        (reserveIn, reserveOut) = tokenIn < tokenOut ? (uint256(reserve0), uint256(reserve1)) : (uint256(reserve1), uint256(reserve0));
    }
}
